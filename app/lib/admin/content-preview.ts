/**
 * The preview of what is typed (issue 51): the editor opens /admin/preview?draft=1 in a tab of its own (the
 * editor stays as it is, nothing typed is lost), and that tab asks the editor which opened it for the text now in
 * its form (window.postMessage, same origin only), then has the server draw the page from it:
 * `POST /api/admin/content/preview` with the file's path (app/components/admin/content/load-preview.ts). A preview
 * opened any other way shows the saved content.
 */

/** The one tab the editor's previews open in (pressing Preview again shows the newest text there). */
export const PREVIEW_TAB = "tncc-preview";

const ASK = "tncc-preview:ask";
const ANSWER = "tncc-preview:text";
const SAVED = "tncc-preview:saved";
interface Ask {
  type: typeof ASK;
  file: string;
}
interface Answer {
  type: typeof ANSWER;
  file: string;
  /** Null when the editor shows another file now. */
  text: string | null;
  /** Whether that text is the file as saved (issue 62: the bar then says "saved, not yet published"). */
  saved?: boolean;
}

/** What the editor has in its form for a file: the text, and whether it is saved. */
export interface Draft {
  text: string;
  saved: boolean;
}

/** A window's messages (the browser's window; a test's stand-in). */
export interface Listening {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}
export interface Tab {
  postMessage(message: unknown, targetOrigin: string): void;
  closed?: boolean;
}

/**
 * In the editor: answers a preview's request with the text in the form, for the file it shows (`current`, read
 * when asked). Returns the way to stop.
 */
export function answerDraftRequests(
  current: () => { file: string; text: string; saved?: boolean },
  here: Listening = window,
  origin: string = window.location.origin,
): () => void {
  const listen = (event: MessageEvent) => {
    const ask = event.data as Partial<Ask> | null;
    if (event.origin !== origin || ask?.type !== ASK || typeof ask.file !== "string" || !event.source) return;
    const { file, text, saved = false } = current();
    const answer: Answer =
      ask.file === file ? { type: ANSWER, file, text, saved } : { type: ANSWER, file: ask.file, text: null };
    (event.source as Tab).postMessage(answer, origin);
  };
  here.addEventListener("message", listen);
  return () => here.removeEventListener("message", listen);
}

/**
 * In the preview: the text the editor that opened this tab has in its form for `file`, and whether it is saved;
 * null when there is no such editor any more (closed, another file, no answer within `waitMs`).
 */
export function askEditorForDraft(
  file: string,
  {
    here = window as Listening,
    editor = window.opener as Tab | null,
    origin = window.location.origin,
    waitMs = 4000,
  }: { here?: Listening; editor?: Tab | null; origin?: string; waitMs?: number } = {},
): Promise<Draft | null> {
  if (!editor || editor.closed) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (draft: Draft | null) => {
      clearTimeout(timer);
      here.removeEventListener("message", listen);
      resolve(draft);
    };
    const listen = (event: MessageEvent) => {
      const answer = event.data as Partial<Answer> | null;
      if (event.origin !== origin || event.source !== editor || answer?.type !== ANSWER || answer.file !== file) return;
      done(typeof answer.text === "string" ? { text: answer.text, saved: answer.saved === true } : null);
    };
    here.addEventListener("message", listen);
    const timer = setTimeout(() => done(null), waitMs);
    const ask: Ask = { type: ASK, file };
    editor.postMessage(ask, origin);
  });
}

/**
 * In the editor: tells the preview tab it opened that `file` is saved now (issue 62), so the preview draws it
 * again and its bar says "saved, not yet published".
 */
export function tellPreviewSaved(tab: Tab | null, file: string, origin: string = window.location.origin): void {
  if (tab && !tab.closed) tab.postMessage({ type: SAVED, file }, origin);
}

/**
 * In the preview: calls `onSaved` when the editor that opened this tab saves `file`. Returns the way to stop.
 */
export function whenEditorSaves(
  file: string,
  onSaved: () => void,
  {
    here = window as Listening,
    editor = window.opener as Tab | null,
    origin = window.location.origin,
  }: { here?: Listening; editor?: Tab | null; origin?: string } = {},
): () => void {
  const listen = (event: MessageEvent) => {
    const told = event.data as { type?: unknown; file?: unknown } | null;
    if (event.origin === origin && event.source === editor && told?.type === SAVED && told.file === file) onSaved();
  };
  here.addEventListener("message", listen);
  return () => here.removeEventListener("message", listen);
}

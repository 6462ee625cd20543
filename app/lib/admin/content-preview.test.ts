/**
 * Issue 51: the preview tab asks the editor that opened it for the text in its form. Two stand-in windows
 * that deliver each other's messages as the browser does (with the sender's origin and window).
 */
import { describe, expect, it } from "vitest";
import {
  answerDraftRequests,
  askEditorForDraft,
  tellPreviewSaved,
  whenEditorSaves,
  type Listening,
  type Tab,
} from "./content-preview";

const SITE = "https://tncc.example.org";

class FakeWindow extends EventTarget {
  closed = false;
  private readonly handles = new Map<FakeWindow, Tab>();
  constructor(readonly origin: string) {
    super();
  }
  /** This window as `viewer` sees it (its window.opener, an event's source): one handle, posting as `viewer`. */
  seenBy(viewer: FakeWindow): Tab {
    let handle = this.handles.get(viewer);
    if (!handle) {
      handle = {
        postMessage: (message: unknown, targetOrigin: string) => {
          if (targetOrigin === this.origin) this.receive(message, viewer);
        },
      };
      Object.defineProperty(handle, "closed", { get: () => this.closed, enumerable: true });
      this.handles.set(viewer, handle);
    }
    return handle;
  }
  /** `from` posts `message` to this window: delivered later, with the sender's origin and handle. */
  receive(message: unknown, from: FakeWindow) {
    const event = Object.assign(new Event("message"), {
      data: message,
      origin: from.origin,
      source: from.seenBy(this),
    });
    queueMicrotask(() => this.dispatchEvent(event));
  }
}

/** The editor's window, answering for `file` with `text`, and the preview's window it opened. */
function pair(file: string, text: string, editorOrigin = SITE, saved?: boolean) {
  const editor = new FakeWindow(editorOrigin);
  const preview = new FakeWindow(SITE);
  const stop = answerDraftRequests(() => ({ file, text, saved }), editor as Listening, editorOrigin);
  return { editor, preview, stop, handle: editor.seenBy(preview) };
}

describe("the preview of what is typed", () => {
  it("gets the text in the editor's form for its file", async () => {
    const { preview, handle } = pair("schedule/day-01.yaml", "title: Typed");
    const asked = askEditorForDraft("schedule/day-01.yaml", {
      here: preview as Listening,
      editor: handle,
      origin: SITE,
    });
    await expect(asked).resolves.toEqual({ text: "title: Typed", saved: false });
  });

  it("says whether the text is the file as saved, and hears the editor save it (issue 62)", async () => {
    const { editor, preview, handle } = pair("schedule/day-02.yaml", "title: Saved", SITE, true);
    const options = { here: preview as Listening, editor: handle, origin: SITE };
    await expect(askEditorForDraft("schedule/day-02.yaml", options)).resolves.toEqual({
      text: "title: Saved",
      saved: true,
    });

    const heard: string[] = [];
    const stop = whenEditorSaves("schedule/day-02.yaml", () => heard.push("saved"), options);
    const toPreview = preview.seenBy(editor);
    tellPreviewSaved(toPreview, "schedule/day-01.yaml", SITE);
    tellPreviewSaved(toPreview, "schedule/day-02.yaml", SITE);
    // Another window of the site telling it is not the editor.
    preview.receive({ type: "tncc-preview:saved", file: "schedule/day-02.yaml" }, new FakeWindow(SITE));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(["saved"]);
    stop();
    tellPreviewSaved(toPreview, "schedule/day-02.yaml", SITE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(["saved"]);
  });

  it("gets nothing when the editor shows another file now, or is gone, or does not answer", async () => {
    const { preview, handle, stop } = pair("faqs.yaml", "faqs: []");
    const options = { here: preview as Listening, origin: SITE, waitMs: 50 };
    await expect(askEditorForDraft("schedule/day-01.yaml", { ...options, editor: handle })).resolves.toBeNull();
    await expect(askEditorForDraft("faqs.yaml", { ...options, editor: null })).resolves.toBeNull();
    await expect(
      askEditorForDraft("faqs.yaml", { ...options, editor: { ...handle, closed: true } }),
    ).resolves.toBeNull();
    stop();
    await expect(askEditorForDraft("faqs.yaml", { ...options, editor: handle })).resolves.toBeNull();
  });

  it("never answers another site, nor takes an answer from one", async () => {
    // The editor on another origin: the ask is not delivered, and no answer comes back.
    const { preview, handle } = pair("faqs.yaml", "secret", "https://elsewhere.example");
    await expect(
      askEditorForDraft("faqs.yaml", { here: preview as Listening, editor: handle, origin: SITE, waitMs: 50 }),
    ).resolves.toBeNull();

    // An answer from a window that is not the editor is ignored.
    const other = new FakeWindow(SITE);
    const stranger = new FakeWindow(SITE);
    const waiting = askEditorForDraft("faqs.yaml", {
      here: other as Listening,
      editor: { postMessage: () => {} },
      origin: SITE,
      waitMs: 50,
    });
    other.receive({ type: "tncc-preview:text", file: "faqs.yaml", text: "forged" }, stranger);
    await expect(waiting).resolves.toBeNull();
  });
});

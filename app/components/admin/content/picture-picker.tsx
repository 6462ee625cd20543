import { useEffect, useId, useRef, useState } from "react";
import { callAdmin, type ApiResult } from "~/lib/admin/api";
import { MAX_IMAGE_BYTES } from "~/lib/admin/content";
import { checked, pathOf, type AnswerOf } from "~/lib/admin/route";
import { listPictures, pictureThumbnail, uploadPicture, type PicturesAnswer } from "~/api/admin/content";

/** The thumbnail the server makes of a picture the content may name. */
export const thumbnail = (path: string) => `/api/admin${pathOf(pictureThumbnail.path, {}, { path })}`;

/**
 * Uploads a picture: a multipart form (`file`, `folder`, `alt`), which callAdmin does not send (its bodies are
 * JSON); the answer is checked by the route's schema all the same.
 */
export async function sendPicture(data: FormData): Promise<ApiResult<AnswerOf<typeof uploadPicture>>> {
  let res: Response;
  try {
    res = await fetch(`/api/admin${pathOf(uploadPicture.path)}`, {
      method: uploadPicture.method,
      body: data,
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, error: "The server could not be reached. Try again." };
  }
  const body: unknown = await res.json().catch(() => null);
  const answer = res.ok ? checked(uploadPicture.answer, body) : undefined;
  if (answer) return { ok: true, status: res.status, data: answer.data };
  const said = body && typeof body === "object" && "error" in body ? body.error : undefined;
  return {
    ok: false,
    status: res.status,
    error: typeof said === "string" ? said : "The picture was not uploaded. Try again.",
    data: body,
  };
}

/**
 * A picture by its name in words, never its path (issue 62): "gallery/choir-2.jpg" -> "choir 2"; a name that is
 * only a number says its folder: "sessions/7.jpg" -> "Sessions picture 7".
 */
export function pictureName(path: string): string {
  const parts = path.split("/");
  const name = (parts.at(-1) ?? path)
    .replace(/\.[a-z]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
  const folder = parts.length > 1 ? parts.at(-2)!.replace(/[-_]+/g, " ") : "";
  if (!/^\d+$/.test(name)) return name;
  return folder ? `${folder.charAt(0).toUpperCase()}${folder.slice(1)} picture ${name}` : `Picture ${name}`;
}

/** The pictures the content may name, asked for once (again after an upload). */
let asked: Promise<PicturesAnswer["pictures"]> | null = null;
const pictures = () =>
  (asked ??= callAdmin(listPictures).then((res) => {
    if (!res.ok) asked = null;
    return res.ok ? res.data.pictures : [];
  }));

/**
 * A picture field (issue 41): the chosen picture's thumbnail, and a button opening the pictures of its folders
 * as thumbnails to choose from, or a new one uploaded in place (then chosen). The button is the field's
 * control: its label names it, and what is chosen (and a problem with it) describes it; a button cannot be
 * marked invalid, so the problem is in its description.
 */
export function PicturePicker({
  id,
  label,
  value,
  onChange,
  folders,
  ...aria
}: {
  id: string;
  label: string;
  value: string;
  onChange: (path: string) => void;
  folders: string[];
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<PicturesAnswer["pictures"] | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const own = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) void pictures().then(setList);
  }, [open]);

  const shown = (list ?? []).filter((p) => folders.length === 0 || folders.some((f) => p.path.startsWith(`${f}/`)));
  const choose = (path: string) => {
    onChange(path);
    setOpen(false);
    button.current?.focus();
  };

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setStatus({ ok: false, text: "Choose a picture file." });
    if (file.size > MAX_IMAGE_BYTES)
      return setStatus({ ok: false, text: "That picture is larger than 10 MB: please make it smaller." });
    setBusy(true);
    setStatus({ ok: true, text: "Uploading and making the picture's sizes…" });
    const res = await sendPicture(data);
    setBusy(false);
    if (!res.ok) return setStatus({ ok: false, text: res.error });
    asked = null;
    setStatus(null);
    choose(res.data.path);
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={thumbnail(value)} alt="" width={96} height={72} className="h-18 w-24 rounded object-cover" />
        ) : null}
        <span id={`${own}-now`} className="min-w-40 flex-1 break-words font-normal">
          {value ? `Chosen: ${pictureName(value)}` : "No picture chosen yet."}
        </span>
        <button
          ref={button}
          id={id}
          type="button"
          className="btn btn-outline"
          aria-expanded={open}
          aria-controls={`${own}-panel`}
          aria-describedby={[`${own}-now`, aria["aria-describedby"]].filter(Boolean).join(" ")}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Close the pictures" : "Choose a picture"}
        </button>
      </div>
      <div id={`${own}-panel`} hidden={!open} className="grid gap-3 rounded border border-ink/15 p-3">
        {list === null ? (
          <p>Loading the pictures…</p>
        ) : (
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2"
            aria-label={`Pictures for ${label}`}
          >
            {shown.map((p) => (
              <li key={p.path}>
                <button
                  type="button"
                  aria-pressed={p.path === value}
                  onClick={() => choose(p.path)}
                  className={`grid w-full gap-1 rounded border-2 p-1 text-start text-sm font-normal ${
                    p.path === value ? "border-ink" : "border-transparent hover:border-rose"
                  }`}
                >
                  <img
                    src={thumbnail(p.path)}
                    alt=""
                    width={96}
                    height={72}
                    loading="lazy"
                    className="aspect-[4/3] w-full rounded object-cover"
                  />
                  <span className="break-words">{pictureName(p.path)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={upload} className="grid gap-2">
          <p className="font-semibold">Or upload a new picture</p>
          {folders.length > 1 ? (
            <>
              <label htmlFor={`${own}-folder`}>Folder</label>
              <select
                id={`${own}-folder`}
                name="folder"
                className="min-h-11 rounded border border-ink/30 bg-paper px-3"
              >
                {folders.map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>
            </>
          ) : (
            <input type="hidden" name="folder" value={folders[0] ?? ""} />
          )}
          <label htmlFor={`${own}-file`}>Picture (JPEG, PNG or WebP, up to 10 MB)</label>
          <input id={`${own}-file`} name="file" type="file" accept="image/jpeg,image/png,image/webp" />
          <label htmlFor={`${own}-alt`}>What the picture shows</label>
          <input
            id={`${own}-alt`}
            name="alt"
            minLength={3}
            className="min-h-11 rounded border border-ink/30 bg-paper px-3"
          />
          <div>
            <button type="submit" className="btn btn-outline" disabled={busy}>
              Upload and use it
            </button>
          </div>
          {status ? (
            <p role={status.ok ? "status" : "alert"} className={`font-semibold ${status.ok ? "" : "text-rose"}`}>
              {status.text}
            </p>
          ) : null}
        </form>
      </div>
    </div>
  );
}

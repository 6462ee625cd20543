import { useEffect, useId, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { MAX_IMAGE_BYTES } from "~/lib/admin/content";
import { pictureFolders } from "~/api/admin/content";
import { pictureName, sendPicture } from "./picture-picker";

/** "Upload a picture" (issue 30): into one of the collections' picture folders, with its alt text. */
export function ContentUpload({ fail }: { fail: (status: number, message: string) => void }) {
  const id = useId();
  const [folders, setFolders] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void callAdmin(pictureFolders).then((res) => res.ok && setFolders(res.data.folders));
  }, []);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const picture = data.get("file");
    setUpload(null);
    if (!(picture instanceof File) || picture.size === 0) return setUpload({ ok: false, text: "Choose a picture." });
    if (picture.size > MAX_IMAGE_BYTES)
      return setUpload({ ok: false, text: "That picture is larger than 10 MB: please make it smaller." });
    setBusy(true);
    const res = await sendPicture(data);
    setBusy(false);
    if (!res.ok) return res.status === 401 ? fail(401, res.error) : setUpload({ ok: false, text: res.error });
    form.reset();
    // Named by what it shows and its name in the pictures to choose from, never its path (issue 62).
    const shows = String(data.get("alt") ?? "").trim();
    setUpload({
      ok: true,
      text: `Uploaded: “${shows}”. Choose it as “${pictureName(res.data.path)}” in a picture field.`,
    });
  }

  return (
    <form onSubmit={send} className="mt-8 grid max-w-xl gap-3">
      <h3 className="text-xl font-semibold">Upload a picture</h3>
      <p className="text-muted">JPEG, PNG or WebP, up to 10 MB. The site makes every size and format it needs.</p>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-folder`} className="font-semibold">
          Picture folder
        </label>
        <select id={`${id}-folder`} name="folder" className="min-h-11 rounded border border-ink/30 bg-paper px-3">
          {folders.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-picture`} className="font-semibold">
          Picture
        </label>
        <input id={`${id}-picture`} name="file" type="file" required accept="image/jpeg,image/png,image/webp" />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-alt`} className="font-semibold">
          What the picture shows (alt text)
        </label>
        <input
          id={`${id}-alt`}
          name="alt"
          required
          minLength={3}
          className="min-h-11 rounded border border-ink/30 bg-paper px-3"
        />
      </div>
      <div>
        <button type="submit" className="btn btn-outline" disabled={busy}>
          Upload
        </button>
      </div>
      {upload ? (
        <p role={upload.ok ? "status" : "alert"} className={`font-semibold ${upload.ok ? "" : "text-rose"}`}>
          {upload.text}
        </p>
      ) : null}
    </form>
  );
}

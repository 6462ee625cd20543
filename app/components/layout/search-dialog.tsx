import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { searchPages, type SearchEntry } from "~/lib/search";
import { ModalDialog } from "../ui/modal-dialog";

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** The fixed "recent keywords" from site.yaml. */
  keywords: readonly string[];
}

type IndexState = { status: "idle" | "loading" | "error" } | { status: "ready"; entries: SearchEntry[] };

/** Header search popup: searches every page of the site (index built at build time, fetched on first open). */
export function SearchDialog({ open, onClose, keywords }: SearchDialogProps) {
  const [index, setIndex] = useState<IndexState>({ status: "idle" });
  const [query, setQuery] = useState("");
  const [submitted, setSubmitted] = useState("");
  const inputId = useId();

  useEffect(() => {
    if (!open || index.status === "ready" || index.status === "loading") return;
    setIndex({ status: "loading" });
    fetch("/search-index.json")
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<SearchEntry[]>;
      })
      .then((entries) => setIndex({ status: "ready", entries }))
      .catch(() => setIndex({ status: "error" }));
  }, [open, index.status]);

  const hits = index.status === "ready" ? searchPages(index.entries, submitted || query) : [];
  const active = (submitted || query).trim();

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      label="Search"
      closeLabel="Close search"
      className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-[14px] bg-paper p-6 pt-14 text-ink"
    >
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(query);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search Here
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={inputId}
            type="search"
            name="search"
            data-autofocus
            required
            placeholder="Search Here"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setSubmitted("");
            }}
            className="min-h-12 flex-1 rounded-full border border-muted/50 bg-white px-5"
          />
          <button type="submit" className="btn btn-primary">
            Search Now!
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {index.status === "error" && <p role="alert">Search is unavailable right now. Please try again later.</p>}
        {index.status === "loading" && active && <p>Searching…</p>}
        {index.status === "ready" && active && hits.length === 0 && <p>No page matches “{active}”.</p>}
        {hits.length > 0 && (
          <ul className="divide-y divide-mist">
            {hits.map((hit) => (
              <li key={hit.path}>
                <Link to={hit.path} onClick={onClose} className="block py-3 hover:text-rose">
                  <span className="block font-semibold">{hit.title}</span>
                  <span className="block text-sm text-muted">{hit.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <h2 className="mt-6 text-lg">Recent keywords</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {keywords.map((keyword) => (
          <li key={keyword}>
            <button
              type="button"
              onClick={() => {
                setQuery(keyword);
                setSubmitted(keyword);
              }}
              className="rounded-full bg-mist px-4 py-1.5 text-sm hover:bg-gold"
            >
              {keyword}
            </button>
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}

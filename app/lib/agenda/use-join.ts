import { useEffect, useState } from "react";
import { SYNC_REFUSED, isKeepHash, secretFromHash } from "./kept-link";

const SAID = {
  joined: "This device now keeps its agenda with your other devices: a star on one shows on the others.",
  unknown: "This agenda link is not known (any more): it may have been stopped. Your stars here are unchanged.",
  later: "This device joins the agenda as soon as it reaches the site again.",
  failed: "This device could not join the agenda now: please open the link again when you are online.",
};

/**
 * On /agenda: a kept agenda's link (`#keep=<secret>`, issue 44) joins it (./sync.ts, loaded then), and then
 * `done` (the page drops the fragment). Answers what to tell the visitor: the join's outcome, or the server's
 * words when it refused this browser's changes; "" otherwise.
 */
export function useJoinKeptAgenda(hash: string, done: () => void): string {
  const [said, setSaid] = useState("");
  const secret = secretFromHash(hash);
  const malformed = !secret && isKeepHash(hash);
  useEffect(() => {
    if (malformed) {
      setSaid(SAID.unknown);
      done();
    }
    if (!secret) return;
    let live = true;
    void import("./sync")
      .then((sync) => sync.joinAgenda(secret))
      .then(
        (result) => {
          if (!live) return;
          setSaid(SAID[result]);
          done();
        },
        // The code could not load (offline, not cached): the link stays in the address bar for a reload.
        () => live && setSaid(SAID.failed),
      );
    return () => {
      live = false;
    };
    // `done` is the page's navigation, the same for one secret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [secret, malformed]);
  useEffect(() => {
    const refused = (event: Event) => setSaid(String((event as CustomEvent).detail));
    window.addEventListener(SYNC_REFUSED, refused);
    return () => window.removeEventListener(SYNC_REFUSED, refused);
  }, []);
  return said;
}

import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { zonedWhen } from "~/lib/admin/when";
import type { ShellData } from "~/lib/shell-data";
import { LINK_DOES_NOT_WORK, SPEAKER_TOKEN, type SpeakerPageAnswer } from "~/forms/speaker-page";
import { HowItWent } from "./how-it-went";
import { OwnSessions } from "./own-sessions";
import { SpeakerEditForm } from "./speaker-edit-form";

type State = { kind: "loading" } | { kind: "gone" } | { kind: "offline" } | { kind: "page"; page: SpeakerPageAnswer };

/** A speaker's own page (issue 63), from their private link: sessions, "how it went", then their profile and texts. */
export function SpeakerOwnPage({ token }: { token: string }) {
  const zone = useRouteLoaderData<{ shell?: ShellData }>("root")?.shell?.timeZone ?? "UTC";
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    if (!SPEAKER_TOKEN.test(token)) return setState({ kind: "gone" });
    fetch(`/api/speakers/page/${token}`).then(
      async (res) =>
        setState(
          res.ok
            ? { kind: "page", page: (await res.json()) as SpeakerPageAnswer }
            : { kind: res.status === 404 ? "gone" : "offline" },
        ),
      () => setState({ kind: "offline" }),
    );
  }, [token]);

  if (state.kind === "loading") return <p>Loading your page…</p>;
  if (state.kind === "gone")
    return (
      <p role="alert" className="font-semibold">
        {LINK_DOES_NOT_WORK}
      </p>
    );
  if (state.kind === "offline")
    return <p role="alert">Your page could not be loaded: check the connection and reload.</p>;
  const { page } = state;
  return (
    <div className="grid gap-10">
      <p className="text-lg">
        Welcome, <strong>{page.speaker.name}</strong>.
        {page.waiting
          ? ` You sent a change on ${zonedWhen(page.waiting.sentAt, zone)}; the organisers have not reviewed it yet.`
          : ""}
        {!page.waiting && page.decided
          ? ` Your last change was ${page.decided.outcome === "accepted" ? "accepted: it goes on the site with the organisers' next publish" : "not taken by the organisers"} (${zonedWhen(page.decided.at, zone)}).`
          : ""}
      </p>
      <OwnSessions sessions={page.sessions} />
      {/* Issue 63 item 4: "How your sessions went" (the feedback summary) is wired in here. */}
      <HowItWent feedback={page.feedback} />
      <SpeakerEditForm token={token} page={page} />
    </div>
  );
}

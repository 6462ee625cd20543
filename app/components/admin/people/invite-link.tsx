import { CopyLink } from "~/components/ui/copy-link";

export interface InviteLinkProps {
  link: string;
  /** Move the focus to the link as it appears (just made: the organiser's eye goes there). */
  focusOnShow?: boolean;
}

/** A new invitation's link (issue 41), to copy into a message to the person invited. */
export function InviteLink({ link, focusOnShow = false }: InviteLinkProps) {
  return (
    <div className="mt-3">
      <CopyLink
        link={link}
        label="Invitation link"
        copied="Copied: paste it into a message to them."
        focusOnShow={focusOnShow}
      />
    </div>
  );
}

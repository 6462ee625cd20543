/** An announcement as written in the form, before it is sent: the form fills it, the preview draws it. */
export interface Draft {
  title: string;
  body: string;
  showsUntil: string;
}

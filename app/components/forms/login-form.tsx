import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { login } from "~/forms/login";
import { Field } from "./field";
import { SiteForm } from "./site-form";

const providers = [
  { name: "Facebook", path: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.2-.6.6-.6Z" },
  {
    name: "X",
    path: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z",
  },
  {
    name: "Google",
    path: "M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3ZM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Zm-5.6-8c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14Zm5.6-8c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10c.8-2.3 3-4 5.6-4Z",
  },
];

/**
 * Login (spec: name, e-mail and password required; the Login button is not wired, social icons and
 * remember-me do nothing). There are no accounts: a valid submit only says so. It goes through SiteForm,
 * so before hydration the password is POSTed to /api/forms/login (which discards it), never put in a URL.
 */
export function LoginForm() {
  const [shown, setShown] = useState(false);
  const rememberId = useId();
  return (
    <div>
      <SiteForm form={login} className="grid gap-5" aria-label="Login">
        <Field label="Name" name="name" required autoComplete="username" />
        <Field label="E-mail" name="email" type="email" required autoComplete="email" />
        <Field
          label="Password"
          name="password"
          type={shown ? "text" : "password"}
          required
          autoComplete="current-password"
          end={
            <button
              type="button"
              data-needs-js
              aria-pressed={shown}
              onClick={() => setShown((value) => !value)}
              className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:text-ink"
            >
              {shown ? (
                <EyeOff aria-hidden="true" size={20} strokeWidth={1.5} />
              ) : (
                <Eye aria-hidden="true" size={20} strokeWidth={1.5} />
              )}
              <span className="sr-only">Show password</span>
            </button>
          }
        />
        <div className="flex items-center gap-2">
          <input id={rememberId} name="remember" type="checkbox" className="size-5 accent-gold" />
          <label htmlFor={rememberId}>Remember me</label>
        </div>
        <button type="submit" className="btn btn-primary w-full">
          Login
        </button>
      </SiteForm>
      <p className="mt-8 text-center text-muted">Or sign in with</p>
      <ul className="mt-3 flex justify-center gap-3">
        {providers.map((provider) => (
          <li key={provider.name}>
            {/* Spec: the social login icons go nowhere; they say so instead of pretending. */}
            <button
              type="button"
              aria-disabled="true"
              className="inline-flex size-12 cursor-not-allowed items-center justify-center rounded-full bg-mist text-ink"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
                <path d={provider.path} />
              </svg>
              <span className="sr-only">{`Sign in with ${provider.name} (not available)`}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

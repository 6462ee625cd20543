import { LoginForm } from "~/components/forms/login-form";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/seo/meta";

export const meta = () =>
  pageMeta({
    title: "Login",
    description: "Sign in to TNCC.",
    path: "/login",
  });

/** Login: the form as the spec shows it (there are no accounts; the button only says so). */
export default function Login() {
  return (
    <>
      <PageBanner title="Login" />
      <section aria-labelledby="login-title" className="section bg-mist">
        <div className="container-page max-w-lg">
          <div className="rounded-[var(--radius-card)] bg-paper p-6 shadow-soft sm:p-10">
            <h2 id="login-title" className="text-3xl font-semibold">
              Welcome back
            </h2>
            <p className="mt-2 mb-8 text-muted">Sign in with your name, e-mail and password.</p>
            <LoginForm />
          </div>
        </div>
      </section>
    </>
  );
}

// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RegisterLink } from "./register-link";

afterEach(cleanup);

const show = (url?: string) =>
  render(
    <MemoryRouter>
      <RegisterLink url={url} externalIcon={<svg aria-hidden="true" data-testid="icon" />}>
        Click to Register
      </RegisterLink>
    </MemoryRouter>,
  );

describe("RegisterLink (issue 53)", () => {
  it("leads to this site's own /buy-ticket when content names no ticketing page", () => {
    show();
    const link = screen.getByRole("link", { name: "Click to Register" });
    expect(link.getAttribute("href")).toBe("/buy-ticket");
    expect(link.getAttribute("target")).toBeNull();
    expect(screen.queryByTestId("icon")).toBeNull();
  });

  it("opens the external ticketing page content names in a new tab, and says so", () => {
    show("https://tickets.example.org/e/1");
    const link = screen.getByRole("link", { name: /^Click to Register ?\(opens in a new tab\)$/ });
    expect(link.getAttribute("href")).toBe("https://tickets.example.org/e/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    expect(screen.getByTestId("icon")).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_OPTIONS_SCRIPT } from "./page-options";
import { setDirection, setLayout } from "./page-options-store";

const html = document.documentElement;
const runPrePaintScript = () => new Function(PAGE_OPTIONS_SCRIPT)();

afterEach(() => {
  localStorage.clear();
  html.removeAttribute("dir");
  delete html.dataset.layout;
});

describe("demo options", () => {
  it("saves the choices under boxedLayout and pageDirection and applies them to <html>", () => {
    setDirection("rtl");
    setLayout("boxed");
    expect(html.dir).toBe("rtl");
    expect(html.dataset.layout).toBe("boxed");
    expect(localStorage.getItem("pageDirection")).toBe("rtl");
    expect(localStorage.getItem("boxedLayout")).toBe("true");
    setDirection("ltr");
    setLayout("full");
    expect(html.hasAttribute("dir")).toBe(false);
    expect(html.dataset.layout).toBeUndefined();
    expect(localStorage.getItem("boxedLayout")).toBe("false");
  });

  it("the pre-paint script restores saved choices and ignores anything else", () => {
    localStorage.setItem("pageDirection", "rtl");
    localStorage.setItem("boxedLayout", "true");
    runPrePaintScript();
    expect(html.dir).toBe("rtl");
    expect(html.dataset.layout).toBe("boxed");

    html.removeAttribute("dir");
    delete html.dataset.layout;
    localStorage.setItem("pageDirection", "sideways");
    localStorage.setItem("boxedLayout", "yes");
    runPrePaintScript();
    expect(html.hasAttribute("dir")).toBe(false);
    expect(html.dataset.layout).toBeUndefined();
  });
});

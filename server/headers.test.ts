/**
 * The body limit as the server runs it (issue 65): on Node the body is read from Node's own request into Hono's
 * body cache, and every way a handler reads it (text, JSON, a form, a multipart form) still gets it whole; a body
 * past the limit, said or streamed, is 413 before the handler; a second limit on the same request reads nothing
 * twice; a client gone mid-body is 400 without a fault logged (app.test.ts).
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorAnswer, limitBody } from "./headers";

describe("limitBody on a Node server", () => {
  let server: ServerType;
  let origin = "";
  const errors: unknown[] = [];

  beforeAll(async () => {
    const app = new Hono();
    app.onError(
      errorAnswer(
        () => {},
        (e) => errors.push(e),
      ),
    );
    const small = limitBody(64);
    app.post("/text", small, async (c) => c.json({ text: await c.req.text() }));
    app.post("/json", small, async (c) => c.json({ json: await c.req.json<unknown>() }));
    app.post("/form", limitBody(512), async (c) => c.json({ form: await c.req.parseBody() }));
    app.post("/twice", limitBody(1024), small, async (c) => c.json({ text: await c.req.text() }));
    app.post("/raw", small, async (c) => c.json({ raw: await c.req.raw.text() }));
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

  it("hands the handler the whole body, however it reads it", async () => {
    expect(await (await post("/text", "héllo, wörld")).json()).toEqual({ text: "héllo, wörld" });
    expect(await (await post("/json", '{"a":[1,"b"]}', { "content-type": "application/json" })).json()).toEqual({
      json: { a: [1, "b"] },
    });
    const form = new URLSearchParams({ name: "Ada", seats: "2" });
    expect(await (await post("/form", form)).json()).toEqual({ form: { name: "Ada", seats: "2" } });
    const multipart = new FormData();
    multipart.set("name", "Grace");
    expect(await (await post("/form", multipart)).json()).toEqual({ form: { name: "Grace" } });
    expect(await (await post("/raw", "as Hono's own request")).json()).toEqual({ raw: "as Hono's own request" });
    expect(await (await post("/twice", "read once")).json()).toEqual({ text: "read once" });
  });

  it("refuses a body past the limit, said or streamed, before the handler", async () => {
    const said = await post("/text", "x".repeat(65));
    expect(said.status).toBe(413);
    expect(await said.json()).toEqual({ error: "Payload too large" });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(20).fill(32));
        controller.close();
      },
    });
    const streamed = await post("/text", stream);
    expect(streamed.status).toBe(413);
    expect((await post("/twice", "y".repeat(100))).status).toBe(413);
    expect(errors).toEqual([]);
  });
});

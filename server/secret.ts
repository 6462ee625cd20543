/**
 * Secret links (an order's page, a kept agenda, a confirmation): made random, handed out once, and kept only as
 * their SHA-256, so a copy of the database opens nothing (issue 50).
 */
import { createHash, randomBytes } from "node:crypto";

/** 192 random bits, base64url: 32 characters. */
export const newSecret = () => randomBytes(24).toString("base64url");

/** What is stored of a secret (hex). PostgreSQL's `encode(sha256(convert_to(s, 'UTF8')), 'hex')` is the same. */
export const secretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

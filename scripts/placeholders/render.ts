// Rasterising a placeholder's SVG with sharp: JPEG photos, PNG icons, and logos trimmed and fitted into their box.
import sharp from "sharp";
import type { Placeholder } from "./list";
import { C } from "./svg";

export async function render(item: Placeholder): Promise<Buffer | string> {
  const svg = item.svg();
  switch (item.kind) {
    case "svg":
      return svg;
    case "jpg":
      return sharp(Buffer.from(svg)).flatten({ background: C.night }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case "png":
      return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    case "logo": {
      // Trim to the ink, fit into the box with some padding, then centre on a transparent canvas.
      const trimmed = await sharp(Buffer.from(svg)).trim().png().toBuffer();
      const fitted = await sharp(trimmed)
        .resize({ width: Math.round(item.width * 0.86), height: Math.round(item.height * 0.5), fit: "inside" })
        .png()
        .toBuffer({ resolveWithObject: true });
      const left = Math.floor((item.width - fitted.info.width) / 2);
      const top = Math.floor((item.height - fitted.info.height) / 2);
      return sharp(fitted.data)
        .extend({
          left,
          right: item.width - fitted.info.width - left,
          top,
          bottom: item.height - fitted.info.height - top,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
    }
  }
}

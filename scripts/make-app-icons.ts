import { readFileSync } from "node:fs";
import sharp from "sharp";
import { APP_ICONS, APPLE_TOUCH_ICON, type AppIcon, ICON_GROUND } from "#common/installed-app.ts";

/**
 * Writes the installed app's icons (common/installed-app.ts, decision 0045) into public/icons/ from the
 * logo, public/favicon.svg: "any" icons are the logo edge to edge on transparency; the maskable and iOS
 * icons are the logo at 5/8 of the side on an opaque ground, so a launcher's circle (the central 80%)
 * never cuts it. Run again after the logo changes: `node scripts/make-app-icons.ts`.
 */
const logo = readFileSync("public/favicon.svg");
/** The logo's viewBox is 64 units wide. */
const LOGO_UNITS = 64;
const GROUNDED_SHARE = 5 / 8;

async function render(size: number): Promise<Buffer> {
  return sharp(logo, { density: Math.ceil((72 * size) / LOGO_UNITS) })
    .resize(size, size)
    .png()
    .toBuffer();
}

async function write(icon: AppIcon, grounded: boolean) {
  const file = `public${icon.src}`;
  const logoPicture = await render(grounded ? Math.round(icon.size * GROUNDED_SHARE) : icon.size);
  const picture = grounded
    ? // Opaque, without an alpha channel: iOS and launchers would show black where it is transparent.
      sharp(
        await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: ICON_GROUND } })
          .composite([{ input: logoPicture, gravity: "centre" }])
          .png()
          .toBuffer(),
      ).flatten({ background: ICON_GROUND })
    : sharp(logoPicture);
  await picture.png({ compressionLevel: 9 }).toFile(file);
  console.log(`wrote ${file}`);
}

for (const icon of APP_ICONS) await write(icon, icon.purpose === "maskable");
await write(APPLE_TOUCH_ICON, true);

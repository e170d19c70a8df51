/**
 * The messengers' published limits for moving sticker files, one named constant each. Bytes are
 * counted in thousands (1 KB = 1,000 bytes), the stricter reading of each platform's "KB".
 */

// WhatsApp: "Sticker art and app requirements" of the Android guide at github.com/WhatsApp/stickers.

/** Every sticker is exactly 512×512 px. */
export const WHATSAPP_STICKER_EDGE_PX = 512;
/** An animated sticker is at most 500 KB. */
export const WHATSAPP_ANIMATED_STICKER_MAX_BYTES = 500_000;
/** Every frame of an animated sticker lasts at least 8 ms. */
export const WHATSAPP_FRAME_MIN_MS = 8;
/** One pass of the animation lasts at most 10 seconds. */
export const WHATSAPP_ANIMATION_MAX_MS = 10_000;
/**
 * The first frame is complete: it covers the whole canvas from 0,0, so WhatsApp's first picture (its
 * preview) is never a part drawn over nothing.
 */
export const WHATSAPP_FIRST_FRAME = "the whole canvas from 0,0";
/** The tray icon is a 96×96 px PNG. */
export const WHATSAPP_TRAY_EDGE_PX = 96;
/** The tray icon is at most 50 KB. */
export const WHATSAPP_TRAY_MAX_BYTES = 50_000;

// Telegram: the video sticker requirements of core.telegram.org/stickers.

/** One side exactly 512 px, the other 512 px or less. */
export const TELEGRAM_VIDEO_EDGE_PX = 512;
/** A WebM encoded with VP9 (Matroska's CodecID for it). */
export const TELEGRAM_VIDEO_CODEC = "V_VP9";
/** The sticker keeps its transparency: VP9's alpha plane, signalled by AlphaMode 1 on the video track. */
export const TELEGRAM_VIDEO_ALPHA_MODE = 1;
/** At most 3 seconds. */
export const TELEGRAM_VIDEO_MAX_MS = 3_000;
/** At most 30 frames a second. */
export const TELEGRAM_VIDEO_MAX_FPS = 30;
/** At most 256 KB. */
export const TELEGRAM_VIDEO_MAX_BYTES = 256_000;
/** No audio stream: exactly one track, the video. */
export const TELEGRAM_VIDEO_TRACKS = 1;

// Everyone else: the animated WebP, GIF and APNG downloads (our own rule, no platform's).

/** Neither side past a sticker's 512 px. */
export const ANIMATED_DOWNLOAD_MAX_EDGE_PX = 512;
/** A file with one frame does not move. */
export const ANIMATED_DOWNLOAD_MIN_FRAMES = 2;

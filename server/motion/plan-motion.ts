/**
 * Each motion preset as poses over one loop (decision 0041): where every layer is, how big, turned how
 * far, how visible, at a time t in [0, 1). Pure geometry in the 512 canvas's pixels, so one plan serves
 * every file size. Every pose at t = 0 is the rest pose, so frame 0 is the sticker exactly as still,
 * and every motion is periodic in t, so the loop is seamless.
 */
import type { MotionPreset } from "#common/motion.ts";
import { STICKER_SIZE } from "./layers.ts";

/** A box in canvas pixels, right and bottom exclusive. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How one layer is placed in one frame; the identity pose is "at rest". */
export interface LayerPose {
  dx: number;
  dy: number;
  /** Radians, clockwise on screen. */
  angle: number;
  scaleX: number;
  scaleY: number;
  /** The point that stays put while the layer turns and scales. */
  pivotX: number;
  pivotY: number;
  opacity: number;
  /** The share of the caption shown, in reading order (1: all of it). */
  reveal: number;
}

/** A twinkling four-point star drawn over the sticker. */
export interface StarPose {
  x: number;
  y: number;
  /** Its width from tip to tip. */
  size: number;
  angle: number;
}

export interface FramePose {
  /** The subject, or the whole picture when the sticker has no layers. */
  subject: LayerPose;
  /** Present only when the sticker has a caption layer. */
  caption: LayerPose | null;
  stars: StarPose[];
}

/** What the plan needs to know of the sticker: where its parts are. */
export interface StickerLayout {
  /** The opaque box of the subject (or of the whole picture). */
  subjectBox: Box;
  /** The opaque box of the caption layer, when there is one. */
  captionBox: Box | null;
}

/** How long one loop of each preset lasts: Telegram takes at most 3 s. */
export const PRESET_SECONDS: Record<MotionPreset, number> = {
  wiggle: 2,
  bounce: 2,
  pulse: 2,
  shake: 2,
  float: 3,
  spin: 2,
  sparkle: 2,
  pop: 2.5,
  type: 3,
};

const TAU = Math.PI * 2;
const DEG = Math.PI / 180;
const S = STICKER_SIZE;

/** 0 outside (a, b), rising smoothly to 1 in its middle and back: its ends touch 0 with zero slope. */
function bump(p: number, a: number, b: number): number {
  if (p <= a || p >= b) return 0;
  const s = Math.sin((Math.PI * (p - a)) / (b - a));
  return s * s;
}

function clamp01(x: number): number {
  return Math.max(0, Math.min(1, x));
}

function smoothstep(x: number): number {
  const c = clamp01(x);
  return c * c * (3 - 2 * c);
}

/** 0 → 1 with a small overshoot, the feel of something popping into place. */
function easeOutBack(x: number): number {
  const c = clamp01(x);
  const k = 1.9;
  return 1 + (k + 1) * (c - 1) ** 3 + k * (c - 1) ** 2;
}

export function restPose(box: Box): LayerPose {
  return {
    dx: 0,
    dy: 0,
    angle: 0,
    scaleX: 1,
    scaleY: 1,
    pivotX: (box.x0 + box.x1) / 2,
    pivotY: (box.y0 + box.y1) / 2,
    opacity: 1,
    reveal: 1,
  };
}

export function isAtRest(pose: LayerPose | null): boolean {
  return (
    pose === null ||
    (pose.dx === 0 &&
      pose.dy === 0 &&
      pose.angle === 0 &&
      pose.scaleX === 1 &&
      pose.scaleY === 1 &&
      pose.opacity >= 1 &&
      pose.reveal >= 1)
  );
}

type Role = "whole" | "subject" | "caption";

/** A layer's pose for a preset at time t; `box` is that layer's opaque box. */
function poseOf(preset: MotionPreset, role: Role, box: Box, t: number): LayerPose {
  const pose = restPose(box);
  const bottom = () => {
    pose.pivotY = box.y1;
  };
  // The caption follows the subject's motion, but less, so it stays readable.
  const damp = role === "caption" ? 0.35 : 1;
  switch (preset) {
    case "wiggle": {
      bottom();
      pose.angle = damp * 8 * DEG * Math.sin(TAU * 2 * t);
      break;
    }
    case "bounce": {
      if (role === "caption") {
        // The caption gives a little as the subject lands.
        const q = (t * 2) % 1;
        pose.scaleY = 1 - 0.04 * bump(q, 0, 0.22);
        bottom();
        break;
      }
      bottom();
      const q = (t * 2) % 1;
      const squash = bump(q, 0, 0.2);
      const air = q > 0.2 ? (q - 0.2) / 0.8 : 0;
      const height = 4 * air * (1 - air);
      pose.dy = -0.1 * S * height;
      // Squash on landing, stretch a little in the air.
      pose.scaleY = 1 - 0.12 * squash + 0.05 * bump(q, 0.2, 0.6) + 0.05 * bump(q, 0.6, 1);
      pose.scaleX = 1 + 0.1 * squash - 0.03 * bump(q, 0.2, 0.6) - 0.03 * bump(q, 0.6, 1);
      break;
    }
    case "pulse": {
      // Two heartbeats a loop, each a strong beat and a weaker one.
      const q = (t * 2) % 1;
      const beat = bump(q, 0, 0.16) + 0.6 * bump(q, 0.2, 0.36);
      const grow = 1 + (role === "caption" ? 0.03 : 0.12) * beat;
      pose.scaleX = grow;
      pose.scaleY = grow;
      break;
    }
    case "shake": {
      // A burst of fast side to side shaking, then a rest.
      const env = bump(t, 0, 0.6);
      const wave = Math.sin(TAU * 4 * (t / 0.6));
      pose.dx = damp * 0.045 * S * env * wave;
      pose.angle = damp * 4 * DEG * env * wave;
      break;
    }
    case "float": {
      const lift = (1 - Math.cos(TAU * t)) / 2;
      pose.dy = -(role === "caption" ? 0.015 : 0.05) * S * lift;
      pose.angle = damp * 3 * DEG * Math.sin(TAU * t);
      pose.dx = damp * 0.012 * S * Math.sin(TAU * t);
      break;
    }
    case "spin": {
      if (role === "caption") break;
      pose.angle = TAU * smoothstep((t - 0.08) / 0.8);
      break;
    }
    case "sparkle":
      break;
    case "pop": {
      // Complete, then it shrinks away, then pops back in with an overshoot; the caption a beat later.
      const lag = role === "caption" ? 0.07 : 0;
      let scale = 1;
      if (t >= 0.25 && t < 0.37) scale = 1 - smoothstep((t - 0.25) / 0.12);
      else if (t >= 0.37 && t < 0.46 + lag) scale = 0;
      else if (t >= 0.46 + lag) scale = easeOutBack((t - 0.46 - lag) / 0.2);
      if (Math.abs(scale - 1) < 1e-4 && t >= 0.46 + lag + 0.2) scale = 1;
      pose.scaleX = scale;
      pose.scaleY = scale;
      if (role !== "caption" && t > 0.25 && t < 0.7) pose.angle = -6 * DEG * (1 - scale) * Math.sin(TAU * t);
      break;
    }
    case "type": {
      if (role === "caption") {
        // Shown, gone, typed back letter by letter, shown.
        if (t >= 0.15 && t < 0.2) pose.opacity = 1 - smoothstep((t - 0.15) / 0.05);
        if (t >= 0.2 && t < 0.3) pose.reveal = 0;
        else if (t >= 0.3 && t < 0.8) pose.reveal = (t - 0.3) / 0.5;
        if (t >= 0.2 && t < 0.3) pose.opacity = 0;
        break;
      }
      // The subject idles: a slow, slight breath.
      bottom();
      const breath = bump((t * 2) % 1, 0, 1);
      pose.scaleY = 1 + 0.012 * breath;
      pose.scaleX = 1 - 0.005 * breath;
      break;
    }
  }
  return pose;
}

/** A fixed scatter of stars around the subject, each twinkling once a loop in its own window. */
function starsOf(box: Box, t: number): StarPose[] {
  const spots: [number, number, number][] = [
    [-0.04, 0.1, 0.13],
    [1.03, 0.04, 0.1],
    [0.97, 0.84, 0.12],
    [0.03, 0.93, 0.09],
    [0.5, -0.04, 0.085],
    [1.05, 0.47, 0.08],
    [-0.06, 0.55, 0.095],
    [0.74, -0.02, 0.07],
  ];
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const stars: StarPose[] = [];
  for (const [i, [fx, fy, fs]] of spots.entries()) {
    const start = 0.02 + ((i * 0.37) % 1) * 0.52;
    const shine = bump(t, start, start + 0.44);
    if (shine <= 0) continue;
    const size = fs * S * (0.25 + 0.75 * shine);
    const half = fs * S * 0.5 + 2;
    const x = Math.min(S - half, Math.max(half, box.x0 + fx * w));
    const y = Math.min(S - half, Math.max(half, box.y0 + fy * h));
    stars.push({ x, y, size, angle: (Math.PI / 4) * (t - start) * 2 });
  }
  return stars;
}

/** The poses of one frame of `preset` at time t in [0, 1). */
export function planFrame(preset: MotionPreset, layout: StickerLayout, t: number): FramePose {
  const hasCaption = layout.captionBox !== null;
  const subject = poseOf(preset, hasCaption ? "subject" : "whole", layout.subjectBox, t);
  const caption = layout.captionBox ? poseOf(preset, "caption", layout.captionBox, t) : null;
  const stars = preset === "sparkle" ? starsOf(layout.subjectBox, t) : [];
  return { subject, caption, stars };
}

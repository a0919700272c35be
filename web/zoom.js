// The board's zoom: fitted to its panel, or, from 25×25 up (where a
// fitted cell is a few pixels and its candidates a blur), large enough
// that a candidate is 10 pixels tall, in a panel that scrolls.
import { S } from "./draw.js";

const $ = (id) => document.getElementById(id);

/** The height in pixels a candidate digit gets at the readable zoom. */
export const READABLE_PX = 10;

/** Returns the pixels per SVG unit that make a candidate of an n×n grid
    READABLE_PX tall (draw.js sets a candidate at 0.8 of a cell's
    side over ⌈√n⌉ + 0.4). */
export function readableScale(n) {
  const k = Math.ceil(Math.sqrt(n));
  return READABLE_PX / ((S / (k + 0.4)) * 0.8);
}

/** Sizes the board of an n×n grid by the zoom picked: `auto` (fitted
    below 25×25, readable from there), `fit`, `read`, or a factor of the
    fitted size. */
export function applyZoom(n) {
  const svg = $("board");
  const wrap = $("board-wrap");
  const mode = $("zoom").value;
  if (mode === "fit" || (mode === "auto" && n < 25)) {
    svg.style.width = "";
    svg.style.maxWidth = "";
    wrap.classList.remove("zoomed");
    return;
  }
  const side = (n + 2) * S;
  const fitted = Math.min(wrap.clientWidth || 640, 640) / side;
  const scale = mode === "auto" || mode === "read" ? Math.max(readableScale(n), fitted) : Number(mode) * fitted;
  svg.style.width = `${Math.round(side * scale)}px`;
  svg.style.maxWidth = "none";
  wrap.classList.add("zoomed");
}

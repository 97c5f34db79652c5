// The packed replay (game/flows/web_data.py) read back: a header and its moments.
// Nothing here knows a rule of the game: it reads what the game wrote.

import { Damaged } from "./damaged.js";
import { speaker } from "./speak.js";
import { fromText } from "./text.js";

export { Damaged };
export const VERSION = 2;
const MAX_BYTES = 32 * 1024 * 1024;
const POINTER_BIT = 1, CELLS_BIT = 2, FACE_BIT = 4, COUNTER_BIT = 8, TIMER_BIT = 16;
const FIGURES_BIT = 32, SOLVED_BIT = 64, NO_POINTER_BIT = 256, MOVE_BIT = 128;
const HOLE = "\u0000";


class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }
  get done() {
    return this.at >= this.bytes.length;
  }
  byte() {
    if (this.at >= this.bytes.length) throw new Damaged("it ends too soon");
    return this.bytes[this.at++];
  }
  uint() {
    let value = 0, scale = 1;
    for (let k = 0; k < 8; k++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 128;
    }
    throw new Damaged("a number is too long");
  }
  int() {
    const v = this.uint();
    return v % 2 ? -(v + 1) / 2 : v / 2;
  }
  take(n) {
    if (n > this.bytes.length - this.at) throw new Damaged("it ends too soon");
    const part = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return part;
  }
  text(length = this.uint()) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(this.take(length));
    } catch (error) {
      if (error instanceof Damaged) throw error;
      throw new Damaged("a text is not UTF-8");
    }
  }
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    let step;
    try {
      step = await reader.read();
    } catch {
      throw new Damaged("it does not unpack");
    }
    if (step.done) break;
    size += step.value.length;
    if (size > MAX_BYTES) throw new Damaged("it unpacks too large");
    parts.push(step.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function wordsOf(shape, numbers) {
  let out = "", place = 0;
  for (let k = 0; k < shape.length; k++) {
    if (shape[k] !== HOLE) {
      out += shape[k];
      continue;
    }
    if (k + 2 >= shape.length || place >= numbers.length) throw new Damaged("a figure is spoilt");
    const sep = shape[k + 1], decimals = shape.charCodeAt(k + 2) - 48;
    if (decimals < 0 || decimals > 12) throw new Damaged("a figure is spoilt");
    const digits = String(numbers[place++]).padStart(decimals + 1, "0");
    out += decimals ? digits.slice(0, -decimals) + sep + digits.slice(-decimals) : digits;
    k += 2;
  }
  return out;
}

function holes(shape) {
  return shape.split(HOLE).length - 1;
}

function checkHeader(h) {
  const isInt = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  const isRect = (r) => Array.isArray(r) && r.length === 4 && r.every((v) => isInt(v, -1e5, 1e6));
  const ok =
    h && typeof h === "object" && h.v === VERSION &&
    isInt(h.rows, 1, 1e4) && isInt(h.cols, 1, 1e4) && h.rows * h.cols <= 250000 &&
    Array.isArray(h.size) && isInt(h.size[0], 1, 2e5) && isInt(h.size[1], 1, 2e5) &&
    Array.isArray(h.origin) && h.origin.every((v) => isInt(v, 0, 2e5)) &&
    isRect(h.counter) && isRect(h.timer) && isRect(h.face) &&
    h.frames && isRect(h.frames.raised3) && isRect(h.frames.sunken2) &&
    isRect(h.frames.sunken3) && Array.isArray(h.frames.sunken1) && h.frames.sunken1.every(isRect) &&
    Array.isArray(h.labels) && h.labels.length <= 30 && h.labels.every((l) => typeof l === "string") &&
    ["player", "caption", "mode", "code", "date", "result", "tournament"].every((k) => typeof h[k] === "string") &&
    isInt(h.start, -1e9, 1e9) && isInt(h.end, -1e9, 1e10) && isInt(h.bbbv, 0, 1e7) &&
    isInt(h.clock, -1, 29) &&
    // (a replay made before its words were by key has none of these: its maker's words)
    (h.keys === undefined || (Array.isArray(h.keys) && h.keys.length === h.labels.length &&
      h.keys.every((l) => typeof l === "string"))) &&
    (h.lang === undefined || typeof h.lang === "string") &&
    (h.named === undefined || (Array.isArray(h.named) && h.named.length === 2 &&
      h.named.every((n) => typeof n === "string")));
  if (!ok) throw new Damaged("its header is not one this page reads");
}

// The moments, each: t (ms), move, pointer ([x, y] or null, when it changes: undefined
// otherwise), cells ([k, tile, ...]), face, counter, timer, figures ({k: words}), solved.
// The streams (web_data.py's STEPS ... SOLVED), then each figure's numbers, a stream
// for each of its first PLACES places (the rest share the last).
const BASE_STREAMS = 13, PLACES = 4;

function readMoments(r, count, h, tiles, faces, leds, shapeIn) {
  const streams = [];
  for (let k = 0; k < BASE_STREAMS + h.labels.length * PLACES; k++) streams.push(new Reader(r.take(r.uint())));
  const [times, parts, trailX, trailY, counts, firsts, gaps, tilesIn, facesIn, ledsIn, masks, shapesIn, solvedIn] =
    streams;
  const numbersOf = (k, place) => streams[BASE_STREAMS + k * PLACES + Math.min(place, PLACES - 1)];
  const cells = h.rows * h.cols;
  const moments = [];
  const shapes = [];
  const last = new Map();
  let t = h.start, pointer = [0, 0], hadPointer = false, solved = 0, counter = "", timer = "";
  // An LED counter's characters: each a step from the one before in its place, or UTF-8.
  const led = (before) => {
    const head = ledsIn.uint();
    let text;
    if (head % 2) {
      const n = (head - 1) / 2;
      if (n !== before.length) throw new Damaged("a counter is spoilt");
      text = "";
      for (let k = 0; k < n; k++) text += String.fromCharCode((before.charCodeAt(k) + ledsIn.byte()) % 128);
    } else {
      text = ledsIn.text(head / 2);
    }
    if (text.length > 12 || [...text].some((c) => !leds.includes(c))) throw new Damaged("a counter is spoilt");
    return text;
  };
  for (let m = 0; m < count; m++) {
    t += times.uint();
    const bits = parts.uint();
    const moment = { t, move: Boolean(bits & MOVE_BIT) };
    if (bits & POINTER_BIT) {
      const base = hadPointer ? pointer : [0, 0];
      pointer = [base[0] + trailX.int(), base[1] + trailY.int()];
      hadPointer = true;
      moment.pointer = pointer;
    } else if (bits & NO_POINTER_BIT) {
      hadPointer = false;
      moment.pointer = null;
    }
    if (bits & CELLS_BIT) {
      const n = counts.uint();
      if (n > cells) throw new Damaged("a moment changes more cells than the board has");
      const list = new Int32Array(2 * n);
      let k = -1;
      for (let j = 0; j < n; j++) {
        k += (j ? gaps : firsts).uint() + 1;
        const tile = tilesIn.byte();
        if (k >= cells || tile >= tiles) throw new Damaged("a cell is off the board");
        list[2 * j] = k;
        list[2 * j + 1] = tile;
      }
      moment.cells = list;
    }
    if (bits & FACE_BIT) {
      moment.face = facesIn.byte();
      if (moment.face >= faces) throw new Damaged("a face is spoilt");
    }
    if (bits & COUNTER_BIT) counter = moment.counter = led(counter);
    if (bits & TIMER_BIT) timer = moment.timer = led(timer);
    if (bits & FIGURES_BIT) {
      const mask = masks.uint();
      moment.figures = {};
      for (let k = 0; k < h.labels.length; k++) {
        if (!(mask & (1 << k))) continue;
        const which = shapesIn.uint();
        const before = last.get(k);
        let shape;
        if (which === 0) {
          if (!before) throw new Damaged("a figure is spoilt");
          shape = before.shape;
        } else if (which === 1) {
          shape = shapesIn.text();
          shapes.push(shape);
        } else {
          shape = shapes[which - 2];
          if (shape === undefined) throw new Damaged("a figure is spoilt");
        }
        const same = before && before.shape === shape;
        const numbers = [];
        for (let p = 0; p < holes(shape); p++) {
          // (the clock's figure: less the time since its words before)
          const was = same ? before.numbers[p] + (k === h.clock && !p ? t - before.t : 0) : 0;
          numbers.push(numbersOf(k, p).int() + was);
        }
        last.set(k, { shape, numbers, t });
        moment.figures[k] = wordsOf(shapeIn(shape), numbers);
      }
      if (mask >> h.labels.length) throw new Damaged("a figure is spoilt");
    }
    if (bits & SOLVED_BIT) solved = moment.solved = solved + solvedIn.int();
    moments.push(moment);
  }
  if (!streams.every((s) => s.done) || !r.done) throw new Damaged("it has more than its moments");
  return moments;
}

// The replay, its figures' words in ``language`` (of art.words) where it can be.
export async function decode(text, art, language) {
  const bytes = await inflate(fromText(text.trim()));
  const r = new Reader(bytes);
  let header;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(r.take(r.uint())));
  } catch (error) {
    if (error instanceof Damaged) throw error;
    throw new Damaged("its header is not one this page reads");
  }
  checkHeader(header);
  const count = r.uint();
  if (count > 10_000_000) throw new Damaged("it has too many moments");
  const words = speaker(header, art.words, language);
  const moments = readMoments(r, count, header, art.tiles, art.faces, art.leds, words.shape);
  if (!moments.length) throw new Damaged("it has no moment");
  return { header, moments, labels: words.labels, mode: words.mode };
}

// The web replay page: reads the replay the game worked out (in the page, or in the
// link's fragment), and plays it. It draws; every rule and figure is the game's.

import { Board } from "./board.js";
import { Damaged, VERSION, decode } from "./decode.js";
import { Trail } from "./trail.js";
import { Timeline } from "./timeline.js";

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
const $ = (id) => document.getElementById(id);
const probe = { ready: false, error: null, frames: [], firstDraw: null };
window.__replay = probe;

let words = {};
const say = (key, fallback) => (typeof words[key] === "string" ? words[key] : fallback);

function fail(why) {
  const line = $("error");
  line.textContent = `${say("cannot", "This replay cannot be shown:")} ${why}.`;
  line.hidden = false;
  $("player").hidden = true;
  probe.error = line.textContent;
}

// The fewest whole CSS pixels that hold n device pixels and are a whole number of them
// (at 1.25 device pixels a CSS pixel, 259 CSS pixels are 323.75: the board was scaled).
function wholeCss(n, dpr) {
  const least = Math.ceil(n / dpr - 1e-9);
  for (let css = least; css < least + 64; css++) {
    if (Math.abs(css * dpr - Math.round(css * dpr)) < 1e-6) return css;
  }
  return least; // (a ratio of no small fraction: the nearest)
}

// The height the window leaves the board above the controls and the seek bar.
function roomAbove() {
  const margins = 24 + 16; // (the body's, and the controls' above and below)
  return window.innerHeight - $("controls").offsetHeight - $("bar").offsetHeight - margins;
}

// The largest whole zoom (in device pixels) at which the board and the controls under
// it fit the window (the figures go beside them where there is room, else below).
function zoomFor(header) {
  const asked = Number.parseInt(new URLSearchParams(location.search).get("zoom") || "", 10);
  if (Number.isInteger(asked) && asked >= 1 && asked <= 8) return asked;
  const dpr = window.devicePixelRatio || 1;
  const room = Math.max(1, Math.min((window.innerWidth - 24) * dpr / header.size[0],
    roomAbove() * dpr / header.size[1]));
  return Math.max(1, Math.min(8, Math.floor(room)));
}

function startAt(header) {
  const t = new URLSearchParams(location.search).get("t");
  if (t === null) return null;
  if (t === "end") return header.end;
  const seconds = Number.parseFloat(t);
  if (!Number.isFinite(seconds)) return null;
  return Math.max(header.start, Math.min(header.end, Math.round(seconds * 1000)));
}

class Player {
  constructor(replay, art, sheet) {
    const { header, moments } = replay;
    this.h = header;
    this.words = replay; // (its labels and mode line, in the page's language)
    this.moments = moments;
    this.art = art;
    this.sheet = sheet;
    this.fit();
    this.timeline = new Timeline($("timeline"), $("cursor"), header, moments, (t) => this.seek(t));
    this.seekBar = $("seek");
    this.clock = $("clock");
    this.button = $("play");
    this.seekBar.min = header.start;
    this.seekBar.max = header.end;
    this.seekBar.addEventListener("input", () => this.seek(Number(this.seekBar.value)));
    this.speed = 1;
    this.playing = false;
    this.figures = this.makeFigures();
    this.reset();
    this.wire();
    this.fill();
    window.addEventListener("resize", () => this.refit());
  }

  // The board's zoom, and its canvases' sizes and place, for the window as it is.
  fit() {
    const header = this.h;
    this.zoom = zoomFor(header);
    const dpr = (this.dpr = window.devicePixelRatio || 1);
    // The canvases in whole CSS pixels, each a whole number of device pixels: a box of
    // 161.5 CSS pixels is drawn 162 high, a row of the board's doubled (not crisp). The
    // board draws at its top left; the row or two more are the face's colour.
    const css = header.size.map((n) => wholeCss(n * this.zoom, dpr));
    const size = css.map((n) => Math.round(n * dpr));
    this.board = new Board($("board"), this.sheet, this.art, header, this.zoom, size);
    this.trail = new Trail($("trail"), this.art, header, this.zoom, size);
    for (const c of [$("board"), $("trail")]) {
      c.style.width = `${css[0]}px`;
      c.style.height = `${css[1]}px`;
    }
    // (the board's box starts on a whole device pixel, at a place the layout can hold,
    // in 64ths of a CSS pixel: at 2.625 a margin of 12 CSS pixels is 31.5 device
    // pixels, and the board's last column was blended)
    $("stage").style.marginLeft = $("stage").style.marginTop = "0px";
    const box = $("stage").getBoundingClientRect();
    const nudge = (v) => {
      for (let j = 0; j < 4096; j++) {
        const at = Math.ceil(v * 64 - 1e-6) / 64 + j / 64;
        if (Math.abs(at * dpr - Math.round(at * dpr)) < 1e-6) return at - v;
      }
      return 0;
    };
    $("stage").style.marginLeft = `${nudge(box.left + window.scrollX)}px`;
    $("stage").style.marginTop = `${nudge(box.top + window.scrollY)}px`;
    // (a board too large for the window even at zoom 1 scrolls in its own box, the
    // controls under it on the first screen; they were 4,000 pixels down a 250x250's)
    $("stage").style.maxHeight = `${Math.max(160, roomAbove())}px`;
    // (the controls and the seek bar as wide as the board, and never too narrow to use)
    $("watch").style.width = `${Math.max(css[0], 320)}px`;
  }

  // The window turned or resized (a phone held sideways, a window taken to another
  // screen): the board fitted again, at the moment it was at (it kept the zoom it
  // opened with, too large or too small).
  refit() {
    if (zoomFor(this.h) === this.zoom && (window.devicePixelRatio || 1) === this.dpr) {
      $("stage").style.maxHeight = `${Math.max(160, roomAbove())}px`;
      return;
    }
    this.fit();
    this.board.background();
    this.board.draw(this.state);
    this.trail.draw(this.time, this.state.pointer);
  }

  makeFigures() {
    const table = $("figures");
    return this.words.labels.map((label) => {
      const row = table.insertRow();
      row.insertCell().textContent = label;
      return row.insertCell();
    });
  }

  fill() {
    const h = this.h;
    const put = (id, text) => {
      const dd = $(id);
      dd.textContent = text;
      dd.hidden = dd.previousElementSibling.hidden = !text;
    };
    put("name", h.player);
    put("mode", this.words.mode);
    put("code", h.code);
    put("date", h.date);
    put("caption", h.caption);
    put("tournament", h.tournament);
    document.title = `${h.player || say("game", "Minesweeper")}: ${this.words.mode}`;
  }

  reset() {
    const n = this.h.rows * this.h.cols;
    this.state = { tiles: new Uint8Array(n), face: 0, counter: "", timer: "", figures: [], solved: 0, pointer: null };
    this.next = 0;
    this.time = this.h.start;
    this.trail.clear();
    this.board.background();
  }

  apply(moment, changed) {
    const s = this.state;
    if (moment.cells) {
      const list = moment.cells;
      for (let j = 0; j < list.length; j += 2) {
        s.tiles[list[j]] = list[j + 1];
        if (changed) changed.push(list[j]);
      }
    }
    if (moment.face !== undefined) s.face = moment.face;
    if (moment.counter !== undefined) s.counter = moment.counter;
    if (moment.timer !== undefined) s.timer = moment.timer;
    if (moment.solved !== undefined) s.solved = moment.solved;
    if (moment.figures) {
      for (const k in moment.figures) s.figures[k] = moment.figures[k];
      s.figuresSeen = false;
    }
    if (moment.pointer !== undefined) {
      s.pointer = moment.pointer;
      if (moment.pointer) this.trail.add(moment.t, moment.pointer);
    }
  }

  // Play the moments up to game time t (a seek back starts again from the first).
  until(t, full) {
    if (t < this.time) {
      this.reset();
      full = true;
    }
    const changed = full ? undefined : [];
    while (this.next < this.moments.length && this.moments[this.next].t <= t) {
      this.apply(this.moments[this.next++], changed);
    }
    this.time = t;
    this.board.draw(this.state, changed);
    this.show();
  }

  show() {
    const s = this.state;
    if (!s.figuresSeen) {
      s.figuresSeen = true;
      this.figures.forEach((cell, k) => {
        const words = s.figures[k] || "";
        if (cell.textContent !== words) cell.textContent = words;
      });
    }
    this.trail.draw(this.time, s.pointer);
    const value = String(Math.round(this.time));
    if (this.seekBar.value !== value) this.seekBar.value = value;
    this.timeline.draw(this.time);
    const seconds = (Math.max(0, this.time) / 1000).toFixed(2).replace(".", say("decimal", "."));
    const clock = `${seconds} s`; // (the decimal mark the page's language writes)
    if (this.clock.textContent !== clock) this.clock.textContent = clock;
    const word = this.playing ? say("pause", "Pause") : say("play", "Play");
    if (this.button.textContent !== word) this.button.textContent = word;
  }

  seek(t) {
    this.until(Math.max(this.h.start, Math.min(this.h.end, t)), true);
  }

  step(direction) {
    this.pause();
    const ms = this.moments;
    if (direction > 0) {
      const at = ms.findIndex((m, k) => k >= this.next && m.move);
      this.seek(at < 0 ? this.h.end : ms[at].t);
    } else {
      let at = -1;
      for (let k = 0; k < this.next; k++) if (ms[k].move && ms[k].t < this.time) at = k;
      this.seek(at < 0 ? this.h.start : ms[at].t);
    }
  }

  play() {
    if (this.time >= this.h.end) this.seek(this.h.start);
    this.playing = true;
    this.last = performance.now();
    const frame = (now) => {
      if (!this.playing) return;
      const began = performance.now();
      const t = Math.min(this.h.end, this.time + (now - this.last) * this.speed);
      this.last = now;
      this.until(t, false);
      probe.frames.push(performance.now() - began);
      if (probe.frames.length > 2000) probe.frames.shift();
      if (t >= this.h.end) this.pause();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    this.show();
  }

  pause() {
    this.playing = false;
    this.show();
  }

  wire() {
    $("play").addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    $("back").addEventListener("click", () => this.step(-1));
    $("on").addEventListener("click", () => this.step(1));
    const speed = $("speed");
    for (const s of SPEEDS) speed.add(new Option(`${s}x`, String(s), s === 1, s === 1));
    speed.addEventListener("change", () => {
      this.speed = Number(speed.value);
      probe.speed = this.speed;
    });
    document.addEventListener("keydown", (event) => {
      // (the speed's list keeps its own keys; the seek bar's arrows would move the game
      // on by a millisecond, and it has no use for Space: the page's keys there too)
      if (event.target instanceof HTMLSelectElement) return;
      if (event.target instanceof HTMLInputElement && event.target !== this.seekBar) return;
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") event.preventDefault();
      if (event.key === " ") {
        event.preventDefault();
        if (this.playing) this.pause();
        else this.play();
      } else if (event.key === "ArrowLeft") this.step(-1);
      else if (event.key === "ArrowRight") this.step(1);
    });
  }
}

// The first of the browser's languages the page has its words in (as the game reads
// a system's: "de-AT" is de, "zh-Hans-CN" zh_CN, "zh-TW" none of ours), else the
// language the page was made in.
function languageOf(art) {
  const have = art.words && typeof art.words === "object" ? art.words : {};
  for (const asked of navigator.languages || [navigator.language]) {
    const lowered = String(asked).replace(/-/g, "_").toLowerCase();
    if (/^zh_(tw|hk|mo|hant)/.test(lowered)) continue;
    const code = lowered.startsWith("zh") ? "zh_CN" : lowered.split("_")[0];
    if (Object.hasOwn(have, code)) return code;
  }
  return Object.hasOwn(have, art.language) ? art.language : "en";
}

function artOf() {
  const art = JSON.parse($("art").textContent);
  const language = languageOf(art);
  const chosen = art.words && art.words[language];
  words = chosen && typeof chosen === "object" ? chosen : {};
  document.documentElement.lang = language.replace("_", "-");
  probe.language = language;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = say(el.dataset.word, el.textContent);
  for (const el of document.querySelectorAll("[data-title]")) el.title = say(el.dataset.title, el.title);
  for (const el of document.querySelectorAll("[data-label]")) {
    el.setAttribute("aria-label", say(el.dataset.label, el.getAttribute("aria-label")));
  }
  return art;
}

// Play and pause in one button as wide as the wider of its words (in the page's
// language and font), so that the controls after it stay where they are when it turns.
function widest(button, texts) {
  const was = button.textContent;
  button.style.minWidth = "";
  let most = 0;
  for (const text of texts) {
    button.textContent = text;
    most = Math.max(most, button.getBoundingClientRect().width);
  }
  button.textContent = was;
  button.style.minWidth = `${Math.ceil(most)}px`;
}

// The replay's text: the link's fragment's (after "#"), else the page's own; or why
// there is none ({fails}).
function textOf(hash) {
  if (!hash) {
    const own = $("replay").textContent;
    return own.trim() ? { text: own } : { fails: say("none", "there is no replay in this page or its link") };
  }
  try {
    hash = decodeURIComponent(hash); // (a program that escaped what it need not, "r2." too)
  } catch {
    // (left as it is: the reader says it is damaged)
  }
  const prefix = `r${VERSION}.`;
  if (!hash.startsWith(prefix)) {
    const form = /^r([0-9]{1,6})\./.exec(hash);
    if (!form) return { fails: say("not_link", "the link is not a replay link of this page") };
    if (Number(form[1]) < VERSION) {
      return { fails: say("older", "the link was made by an older version of the game, which this page no longer reads") };
    }
    return { fails: say("newer", "the link was made by a newer version of the game than this page") };
  }
  const text = hash.slice(prefix.length);
  return text.trim() ? { text } : { fails: say("none", "there is no replay in this page or its link") };
}

async function main() {
  const began = performance.now();
  // A link of another replay opened in this tab only changes the fragment: the
  // browser keeps the page, so read the page again with its new replay.
  window.addEventListener("hashchange", () => location.reload());
  let art;
  try {
    art = artOf();
  } catch {
    fail("the page is damaged");
    return;
  }
  // (what the tests' fuzzing reads a packed text or a link's fragment with: the page's
  // own readers)
  const reading = (text) => decode(text, art, probe.language).then(
    (replay) => `ok: ${replay.moments.length}`,
    (error) => (error instanceof Damaged ? `damaged: ${error.message}` : `error: ${error}`),
  );
  probe.read = reading;
  probe.readLink = (hash) => {
    const read = textOf(hash);
    return read.fails ? Promise.resolve(`fails: ${read.fails}`) : reading(read.text);
  };
  const read = textOf(location.hash.slice(1));
  if (read.fails) {
    fail(read.fails);
    return;
  }
  const text = read.text;
  const sheet = $("sheet");
  try {
    if (!sheet.complete) await new Promise((ok, no) => { sheet.onload = ok; sheet.onerror = no; });
    const replay = await decode(text, art, probe.language);
    await document.fonts.ready; // (the words measured in the font they are drawn in)
    widest($("play"), [say("play", "Play"), say("pause", "Pause")]);
    const player = new Player(replay, art, sheet);
    probe.player = player;
    const at = startAt(replay.header);
    player.seek(at === null ? replay.header.start : at);
    probe.firstDraw = performance.now() - began;
    probe.sinceNavigation = performance.now();
    probe.ready = true;
    document.body.dataset.ready = "1";
    if (at === null) player.play();
  } catch (error) {
    const damaged = say("damaged", "the replay is damaged");
    fail(error instanceof Damaged ? `${damaged} (${error.message})` : damaged);
  }
}

main();

// A replay's words in the reader's language: its figures' labels, the words around
// their numbers and its mode line, put together from the words the game gave the page
// in each language (game/flows/web_page.py's replay_words). A replay made before
// (no "keys" in its header), or in a language the page has not, keeps its maker's.

const HOLES = new RegExp(`${String.fromCharCode(0)}[\\s\\S]{2}`, "g"); // (a hole: NUL and two characters)

const has = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);
const text = (object, key) => (has(object, key) && typeof object[key] === "string" ? object[key] : null);
const same = (one, other) =>
  Array.isArray(one) && Array.isArray(other) && one.length === other.length && one.every((v, k) => v === other[k]);

// The mode line as web_data.py's _mode words it ("Expert: 16x30, 99 mines, standard").
function modeOf(h, w) {
  const [boardName, rulesName] = h.named;
  const board = text(w.boards, boardName), rules = text(w.rules, rulesName);
  const plural = text(w, "plural");
  if (board === null || rules === null || plural === null || !Array.isArray(w.mines)) return null;
  if (!Number.isInteger(h.mines) || h.mines < 0) return null;
  const n = h.mines;
  const form = w.mines[Number(plural[n < plural.length ? n : 100 + (n % 100)])];
  if (typeof form !== "string") return null;
  const sized = form.replaceAll("{rows}", h.rows).replaceAll("{cols}", h.cols).replaceAll("{n}", n);
  return `${board}: ${sized}, ${rules}`;
}

// A figure's shape (its words with holes for its numbers, web_data.py's shape_of) in
// the reader's words: the texts between its numbers, when they are one of the game's
// phrases in the maker's language, as that phrase is in the reader's; a decimal mark
// in the reader's.
function shapeIn(shape, from, to) {
  const pieces = shape.split(HOLES);
  const holes = shape.match(HOLES) || [];
  const phrases = Array.isArray(from.phrases) ? from.phrases : [];
  const k = phrases.findIndex((p) => same(p, pieces));
  const theirs = k >= 0 && Array.isArray(to.phrases) ? to.phrases[k] : null;
  const words = Array.isArray(theirs) && theirs.length === pieces.length && theirs.every((p) => typeof p === "string")
    ? theirs : pieces;
  const mark = text(from, "decimal"), their = text(to, "decimal");
  let out = words[0];
  holes.forEach((hole, j) => {
    out += hole[1] === mark && their !== null ? hole[0] + their + hole[2] : hole;
    out += words[j + 1];
  });
  return out;
}

// The replay's words in ``language``: {labels, mode, shape(shape)}.
export function speaker(h, all, language) {
  const kept = { labels: h.labels, mode: h.mode, shape: (shape) => shape };
  if (!Array.isArray(h.keys) || !Array.isArray(h.named) || typeof h.lang !== "string") return kept;
  if (h.lang === language) return kept;
  if (!has(all, language) || !has(all, h.lang)) return kept;
  const to = all[language], from = all[h.lang];
  const shapes = new Map();
  return {
    labels: h.keys.map((key, k) => text(to.labels, key) ?? h.labels[k]),
    mode: modeOf(h, to) ?? h.mode,
    shape: (shape) => {
      if (!shapes.has(shape)) shapes.set(shape, shapeIn(shape, from, to));
      return shapes.get(shape);
    },
  };
}

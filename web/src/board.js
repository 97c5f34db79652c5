// Drawing the window's board from the game's own sprite sheet at a whole zoom:
// the same pictures at the same places as the game's renderer (game/view/render.py).

export class Board {
  // (size: the canvas's in device pixels, the board's or a little more: main.js)
  constructor(canvas, sheet, art, header, zoom, size = [header.size[0] * zoom, header.size[1] * zoom]) {
    this.canvas = canvas;
    this.art = art;
    this.h = header;
    this.z = zoom;
    [canvas.width, canvas.height] = size;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.ctx.imageSmoothingEnabled = false;
    const scaled = document.createElement("canvas");
    scaled.width = sheet.naturalWidth * zoom;
    scaled.height = sheet.naturalHeight * zoom;
    const sctx = scaled.getContext("2d");
    sctx.imageSmoothingEnabled = false;
    sctx.drawImage(sheet, 0, 0, scaled.width, scaled.height);
    this.sheet = scaled;
    this.drawn = new Int16Array(header.rows * header.cols).fill(-1);
    this.face = -1;
    this.counter = null;
    this.timer = null;
  }

  cut(x, y, w, h, dx, dy, dw, dh) {
    const z = this.z;
    if (dw <= 0 || dh <= 0) return;
    this.ctx.drawImage(this.sheet, x * z, y * z, w * z, h * z, dx, dy, dw, dh);
  }

  frame(name, rect) {
    const [index, b] = this.art.frames[name];
    const z = this.z, F = this.art.frame, x0 = index * F, y0 = this.art.frames_y, inner = F - 2 * b;
    const [x, y, w, h] = rect.map((v) => v * z), bz = b * z, iw = w - 2 * bz, ih = h - 2 * bz;
    this.cut(x0 + b, y0 + b, inner, inner, x + bz, y + bz, iw, ih);
    this.cut(x0 + b, y0, inner, b, x + bz, y, iw, bz);
    this.cut(x0 + b, y0 + b + inner, inner, b, x + bz, y + h - bz, iw, bz);
    this.cut(x0, y0 + b, b, inner, x, y + bz, bz, ih);
    this.cut(x0 + b + inner, y0 + b, b, inner, x + w - bz, y + bz, bz, ih);
    this.cut(x0, y0, b, b, x, y, bz, bz);
    this.cut(x0 + b + inner, y0, b, b, x + w - bz, y, bz, bz);
    this.cut(x0, y0 + b + inner, b, b, x, y + h - bz, bz, bz);
    this.cut(x0 + b + inner, y0 + b + inner, b, b, x + w - bz, y + h - bz, bz, bz);
  }

  background() {
    const { ctx, h, art } = this;
    ctx.fillStyle = `rgb(${art.face_colour.join(",")})`;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    this.frame("raised3", h.frames.raised3);
    this.frame("sunken2", h.frames.sunken2);
    this.frame("sunken3", h.frames.sunken3);
    for (const rect of h.frames.sunken1) this.frame("sunken1", rect);
    this.drawn.fill(-1);
    this.face = -1;
    this.counter = this.timer = null;
  }

  // Bring the picture up to date with the state; only what differs is drawn.
  draw(state, cells) {
    const { h, art, z } = this;
    const T = art.tile, size = T * z, cols = h.cols;
    const [ox, oy] = h.origin;
    const list = cells === undefined ? null : cells;
    const one = (k) => {
      const tile = state.tiles[k];
      if (this.drawn[k] === tile) return;
      this.drawn[k] = tile;
      const row = Math.floor(k / cols), col = k % cols;
      this.ctx.drawImage(this.sheet, tile * size, art.tiles_y * z, size, size,
        (ox + col * T) * z, (oy + row * T) * z, size, size);
    };
    if (list === null) for (let k = 0; k < state.tiles.length; k++) one(k);
    else for (const k of list) one(k);
    if (state.face !== this.face) {
      this.face = state.face;
      const [fx, fy] = h.face;
      this.cut(state.face * art.face, art.faces_y, art.face, art.face, fx * z, fy * z, art.face * z, art.face * z);
    }
    if (state.counter !== this.counter) {
      this.counter = state.counter;
      this.led(h.counter, state.counter);
    }
    if (state.timer !== this.timer) {
      this.timer = state.timer;
      this.led(h.timer, state.timer);
    }
  }

  led(box, text) {
    const { art, z } = this;
    const x = (box[0] + 1) * z, y = (box[1] + 1) * z;
    [...text].forEach((char, k) => {
      const at = art.leds.indexOf(char);
      this.cut(at * art.led_w, art.leds_y, art.led_w, art.led_h, x + k * art.led_w * z, y, art.led_w * z, art.led_h * z);
    });
  }
}

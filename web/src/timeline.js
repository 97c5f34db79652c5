// The seek bar's picture: the 3BV solved over the game's time, as the game counted it,
// drawn once (again when the window's size changes: reading a size each frame would
// lay the page out each frame); the moment shown is a line moved over it.

export class Timeline {
  constructor(canvas, cursor, header, moments, seek) {
    this.canvas = canvas;
    this.cursor = cursor;
    this.h = header;
    this.steps = [];
    let solved = 0;
    for (const m of moments) {
      if (m.solved !== undefined && m.solved !== solved) {
        solved = m.solved;
        this.steps.push([m.t, solved]);
      }
    }
    this.ctx = canvas.getContext("2d");
    const go = (event) => {
      const box = canvas.getBoundingClientRect();
      const f = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
      seek(header.start + f * (header.end - header.start));
    };
    canvas.addEventListener("pointerdown", (event) => {
      go(event);
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (event.buttons) go(event);
    });
    this.paint();
    window.addEventListener("resize", () => this.paint());
  }

  paint() {
    const { canvas, ctx, h } = this;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(canvas.clientWidth * dpr), hgt = Math.round(canvas.clientHeight * dpr);
    canvas.width = w;
    canvas.height = hgt;
    const span = Math.max(1, h.end - h.start), top = Math.max(1, h.bbbv);
    const x = (t) => ((t - h.start) / span) * w;
    const y = (s) => hgt - 2 - (Math.min(s, top) / top) * (hgt - 4);
    ctx.fillStyle = "#dcdcdc";
    ctx.fillRect(0, 0, w, hgt);
    ctx.beginPath();
    ctx.moveTo(0, y(0));
    let last = 0;
    for (const [t, s] of this.steps) {
      ctx.lineTo(x(t), y(last));
      ctx.lineTo(x(t), y(s));
      last = s;
    }
    ctx.lineTo(w, y(last));
    ctx.lineTo(w, hgt);
    ctx.lineTo(0, hgt);
    ctx.closePath();
    ctx.fillStyle = "#7a9cc6";
    ctx.fill();
  }

  draw(time) {
    const span = Math.max(1, this.h.end - this.h.start);
    const left = `${(((time - this.h.start) / span) * 100).toFixed(2)}%`;
    if (this.cursor.style.left !== left) this.cursor.style.left = left;
  }
}

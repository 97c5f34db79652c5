// The recorded pointer and its trail (the last TRAIL_MS of it), over the board; each
// frame clears only what the last one drew.

const TRAIL_MS = 1000;
const KEEP = 4096;

export class Trail {
  constructor(canvas, art, header, zoom, size = [header.size[0] * zoom, header.size[1] * zoom]) {
    this.canvas = canvas;
    this.art = art;
    this.z = zoom;
    this.origin = header.origin;
    [canvas.width, canvas.height] = size;
    this.ctx = canvas.getContext("2d");
    this.points = [];
    this.drawn = null;
    const xs = art.pointer.map((p) => p[0]), ys = art.pointer.map((p) => p[1]);
    this.arrow = [Math.max(...xs) + 2, Math.max(...ys) + 2];
  }

  clear() {
    this.points = [];
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.drawn = null;
  }

  add(t, point) {
    this.points.push([t, point[0], point[1]]);
    if (this.points.length > 2 * KEEP) this.points.splice(0, KEEP);
  }

  at(x, y) {
    return [(this.origin[0] + x) * this.z, (this.origin[1] + y) * this.z];
  }

  draw(time, pointer) {
    const { ctx, z, points } = this;
    if (this.drawn) ctx.clearRect(...this.drawn);
    this.drawn = null;
    let first = points.length;
    while (first > 0 && points[first - 1][0] > time) first--;
    const last = first;
    while (first > 0 && points[first - 1][0] > time - TRAIL_MS) first--;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const grow = (x, y, w, h) => {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + w);
      y1 = Math.max(y1, y + h);
    };
    if (last - first > 1) {
      ctx.strokeStyle = "rgba(255, 60, 0, 0.6)";
      ctx.lineWidth = Math.max(1, z);
      ctx.lineJoin = "round";
      ctx.beginPath();
      for (let k = first; k < last; k++) {
        const [x, y] = this.at(points[k][1], points[k][2]);
        if (k === first) ctx.moveTo(x + 0.5, y + 0.5);
        else ctx.lineTo(x + 0.5, y + 0.5);
        grow(x - 2 * z, y - 2 * z, 4 * z, 4 * z);
      }
      ctx.stroke();
    }
    if (pointer) {
      const [x, y] = this.at(pointer[0], pointer[1]);
      ctx.beginPath();
      this.art.pointer.forEach(([px, py], k) => {
        if (k) ctx.lineTo(x + px * z, y + py * z);
        else ctx.moveTo(x + px * z, y + py * z);
      });
      ctx.closePath();
      ctx.fillStyle = "#fff";
      ctx.fill();
      ctx.strokeStyle = "#000";
      ctx.lineWidth = Math.max(1, Math.floor(z / 2));
      ctx.stroke();
      grow(x - 2 * z, y - 2 * z, (this.arrow[0] + 2) * z, (this.arrow[1] + 2) * z);
    }
    if (x1 > x0) this.drawn = [Math.floor(x0), Math.floor(y0), Math.ceil(x1 - x0) + 1, Math.ceil(y1 - y0) + 1];
  }
}

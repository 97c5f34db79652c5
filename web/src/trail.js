// The recorded pointer and its trail (the last TRAIL_MS of it), over the board.

const TRAIL_MS = 1000;

export class Trail {
  constructor(canvas, art, header, zoom) {
    this.canvas = canvas;
    this.art = art;
    this.z = zoom;
    this.origin = header.origin;
    canvas.width = header.size[0] * zoom;
    canvas.height = header.size[1] * zoom;
    this.ctx = canvas.getContext("2d");
    this.points = [];
  }

  clear() {
    this.points = [];
  }

  add(t, point) {
    this.points.push([t, point[0], point[1]]);
    if (this.points.length > 4096) this.points.splice(0, 2048);
  }

  at(point) {
    return [(this.origin[0] + point[0]) * this.z, (this.origin[1] + point[1]) * this.z];
  }

  draw(time, pointer) {
    const { ctx, z } = this;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const recent = this.points.filter((p) => p[0] > time - TRAIL_MS && p[0] <= time);
    if (recent.length > 1) {
      ctx.strokeStyle = "rgba(255, 60, 0, 0.6)";
      ctx.lineWidth = Math.max(1, z);
      ctx.lineJoin = "round";
      ctx.beginPath();
      recent.forEach((p, k) => {
        const [x, y] = this.at([p[1], p[2]]);
        if (k) ctx.lineTo(x + 0.5, y + 0.5);
        else ctx.moveTo(x + 0.5, y + 0.5);
      });
      ctx.stroke();
    }
    if (!pointer) return;
    const [x, y] = this.at(pointer);
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
  }
}

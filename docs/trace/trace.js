// The trace page's script (scripts/trace --html; src/trace.rs embeds this file, the pages
// here link it). It reads DATA, which the page defines first: the steps, the start board.
var N = DATA.n, SIDE = N * N, CELLS = SIDE * SIDE, SYM = DATA.symbols;
var SIZE = N == 3 ? 40 : 34, SVGNS = "http://www.w3.org/2000/svg";
var boards = [];
(function () {
  var masks = DATA.start.masks.slice(), values = DATA.start.values.slice();
  for (var i = 0; i < DATA.steps.length; i++) {
    var ch = DATA.steps[i].changes;
    for (var j = 0; j < ch.length; j++) { masks[ch[j][0]] = ch[j][1]; values[ch[j][0]] = ch[j][2]; }
    boards.push({ masks: masks.slice(), values: values.slice() });
  }
})();
var at = 0;
function el(name, attrs, text) {
  var e = document.createElementNS(SVGNS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function bit(hex, i) {
  var at = hex.length - 1 - Math.floor(i / 4);
  return at < 0 ? 0 : (parseInt(hex.charAt(at), 16) >> (i % 4)) & 1;
}
function bits(hex, row) {
  var s = "";
  for (var c = 0; c < SIDE; c++) {
    s += bit(hex, row * SIDE + c) ? "1" : "0";
    if (c % N == N - 1 && c < SIDE - 1) s += " ";
  }
  return s;
}
function permutations(n) {
  var out = [];
  (function rec(prefix) {
    if (prefix.length == n) { out.push(prefix.slice()); return; }
    for (var k = 0; k < n; k++) if (prefix.indexOf(k) < 0) { prefix.push(k); rec(prefix); prefix.pop(); }
  })([]);
  return out;
}
var PERMS = permutations(N);
function draw() {
  var step = DATA.steps[at], board = boards[at];
  var prev = at > 0 ? boards[at - 1] : { masks: DATA.start.masks, values: DATA.start.values };
  var marks = document.getElementById("marks");
  while (marks.firstChild) marks.removeChild(marks.firstChild);
  var sub = SIZE / N;
  for (var cell = 0; cell < CELLS; cell++) {
    var x = (cell % SIDE) * SIZE, y = Math.floor(cell / SIDE) * SIZE;
    var rect = document.getElementById("c" + cell);
    var changed = prev.masks[cell] != board.masks[cell] || prev.values[cell] != board.values[cell];
    rect.setAttribute("fill", step.cell === cell ? "#ffd080" : changed ? "#fff3a0" : "#fff");
    var v = board.values[cell];
    if (v) {
      marks.appendChild(el("text", { x: x + SIZE / 2, y: y + SIZE * 0.75, "text-anchor": "middle",
        "font-size": SIZE * 0.6, fill: DATA.start.values[cell] ? "#000" : "#1040c0" }, SYM[v - 1]));
      continue;
    }
    for (var d = 0; d < SIDE; d++) {
      var had = (prev.masks[cell] >> d) & 1, has = (board.masks[cell] >> d) & 1;
      if (!had && !has) continue;
      marks.appendChild(el("text", { x: x + (d % N) * sub + sub / 2, y: y + Math.floor(d / N) * sub + sub * 0.8,
        "text-anchor": "middle", "font-size": sub * 0.8, fill: has ? "#555" : "#e00",
        "text-decoration": has ? "none" : "line-through" }, SYM[d]));
    }
  }
  document.getElementById("where").textContent = "step " + (at + 1) + " of " + DATA.steps.length;
  document.getElementById("what").textContent = step.text;
  var slider = document.getElementById("slider");
  slider.value = at;
  var old = document.querySelector("#tree .here");
  if (old) { old.classList.remove("here"); old.querySelector("circle").setAttribute("r", "6"); }
  var v = document.getElementById("v" + step.vertex);
  if (v) { v.classList.add("here"); v.querySelector("circle").setAttribute("r", "9"); }
  drawPanel(step.visit);
}
function drawPanel(visit) {
  var panel = document.getElementById("panel");
  if (visit) {
    visit.presence = [];
    for (var r = 0; r < N; r++) {
      visit.presence.push([]);
      for (var k = 0; k < N; k++) {
        var any = 0;
        for (var c = 0; c < N; c++) any |= bit(visit.before, r * SIDE + k * N + c);
        visit.presence[r].push(any);
      }
    }
    visit.perms = PERMS.map(function (p, i) { return [p, visit.fits.charAt(i) == "1"]; });
  }
  if (!visit) { panel.innerHTML = "<p>This step is not a band-rule visit: step to one (the next visit: <kbd>v</kbd>).</p>"; return; }
  var h = "<p>Digit <b>" + SYM[visit.digit] + "</b>, band <b>" + (visit.band + 1) + "</b>: the " + (N * SIDE) +
    "-bit word, one row of the band per line, boxes apart (bit = the digit may go there).</p><pre>";
  for (var r = 0; r < N; r++) h += "row " + (visit.band * N + r + 1) + "  " + bits(visit.before, r) + "\n";
  h += "</pre><p>1. Which boxes each row still offers it in: the " + N + "x" + N + " row-by-box matrix.</p><table class=\"m\"><tr><th></th>";
  for (var k = 0; k < N; k++) h += "<th>box " + (visit.band * N + k + 1) + "</th>";
  h += "</tr>";
  for (var r = 0; r < N; r++) {
    h += "<tr><th>row " + (visit.band * N + r + 1) + "</th>";
    for (var k = 0; k < N; k++) h += "<td class=\"" + (visit.presence[r][k] ? "on" : "off") + "\">" + (visit.presence[r][k] ? 1 : 0) + "</td>";
    h += "</tr>";
  }
  h += "</table><p>2. The digit fills each row once and each box once: a row-to-box permutation. Those whose every pair is in the matrix:</p><ul class=\"perms\">";
  var fits = 0;
  for (var i = 0; i < visit.perms.length; i++) {
    var p = visit.perms[i], s = [];
    for (var r = 0; r < N; r++) s.push("row " + (visit.band * N + r + 1) + "\u2192box " + (visit.band * N + p[0][r] + 1));
    if (p[1]) fits++;
    h += "<li class=\"" + (p[1] ? "yes" : "no") + "\">" + (p[1] ? "\u2713 " : "\u2717 ") + s.join(", ") + "</li>";
  }
  h += "</ul><p>3. Cells kept: those of a row-box pair some fitting permutation uses (" + fits + " fit" +
    (fits == 0 ? ": none, a contradiction" : "") + ").</p><pre>";
  for (var r = 0; r < N; r++) h += "row " + (visit.band * N + r + 1) + "  " + bits(visit.after, r) + "\n";
  h += "</pre>";
  panel.innerHTML = h;
}
function go(to) { at = Math.max(0, Math.min(DATA.steps.length - 1, to)); draw(); }
function seek(kinds, dir) {
  for (var i = at + dir; i >= 0 && i < DATA.steps.length; i += dir)
    if (kinds.indexOf(DATA.steps[i].kind) >= 0) { go(i); return; }
}
document.getElementById("back").onclick = function () { go(at - 1); };
document.getElementById("forward").onclick = function () { go(at + 1); };
document.getElementById("nextnode").onclick = function () { seek(["node", "found", "dead end"], 1); };
document.getElementById("prevnode").onclick = function () { seek(["node", "found", "dead end"], -1); };
document.getElementById("nextvisit").onclick = function () { seek(["visit"], 1); };
document.getElementById("slider").oninput = function () { go(parseInt(this.value, 10)); };
document.addEventListener("keydown", function (e) {
  if (e.key == "ArrowRight") go(at + 1);
  else if (e.key == "ArrowLeft") go(at - 1);
  else if (e.key == "v") seek(["visit"], 1);
  else if (e.key == "n") seek(["node", "found", "dead end"], 1);
});
var vs = document.querySelectorAll("#tree .v");
for (var i = 0; i < vs.length; i++) vs[i].onclick = function () { go(parseInt(this.getAttribute("data-step"), 10)); };
document.getElementById("slider").max = DATA.steps.length - 1;
var wanted = /step=(\d+)/.exec(location.hash);
go(wanted ? parseInt(wanted[1], 10) - 1 : 0);

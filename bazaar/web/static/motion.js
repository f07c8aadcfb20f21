/* Board animations (classic script; no build step; game-independent): FLIP on keyed elements.
 *
 *   const before = BazaarMotion.capture(board);  // before the board's markup is replaced
 *   ... board.innerHTML = newSvg ...
 *   BazaarMotion.play(board, before, {off: bool}); // after: returns how many it started
 *
 * A board marks the things that move with data-key (unique within one drawing; svg.js keyer()
 * and keyed()). After a redraw every keyed element that also was on the old board but moved
 * slides from its old place to its new one; a new one with data-from slides in from where the
 * element of that key was; a new one with data-path ("x,y x,y ...", SVG user units, the points
 * its centre passes) walks through them in order to its place (visible on the way: a "ghost"
 * drawn with opacity 0 vanishes at its end); any other new keyed element fades in. Numbers that
 * change (money, prices: the same text of a keyed group, or else a text at the same x,y) count
 * up or down. Screen distances
 * become user units with getScreenCTM, so scaled boards (phones) move the right way.
 * A keyed element inside a moving keyed group moves only by the rest (the group carries it).
 * Nothing moves with o.off (a replay) or under prefers-reduced-motion: reduce. Counters for
 * tests: document.body.dataset.animated (element animations) and dataset.tweened (numbers).
 */
(function () {
  "use strict";
  const STEP_MS = 450;       // one slide, or a fade
  const WALK_STEP_MS = 300;  // one waypoint of a walk
  const WALK_MAX_MS = 3000;  // a whole walk
  const TWEEN_MS = 500;
  const NUMBER = /^([^\d-]*)(-?)(\d+)([^\d]*)$/;

  function reduced() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  /** Which text ``el`` is: its place in its nearest keyed group ("player:2#3": the fourth text
   *  of that group, wherever the group is drawn), else its x,y. */
  function textId(el, order) {
    const owner = el.parentNode && el.parentNode.closest ? el.parentNode.closest("[data-key]") : null;
    if (!owner) return `${el.getAttribute("x")},${el.getAttribute("y")}`;
    const key = owner.getAttribute("data-key");
    order[key] = (order[key] || 0) + 1;
    return `${key}#${order[key]}`;
  }
  function texts(board) {
    const order = {};
    return [...board.querySelectorAll("svg text")].map((el) => [textId(el, order), el]);
  }

  /** Where every keyed element and every text of ``board`` is now. */
  function capture(board) {
    const rects = new Map();
    board.querySelectorAll("[data-key]").forEach((el) => {
      rects.set(el.getAttribute("data-key"), el.getBoundingClientRect());
    });
    const shown = new Map();
    texts(board).forEach(([id, el]) => shown.set(id, el.textContent));
    return {rects: rects, texts: shown};
  }

  function centre(r) { return {x: r.left + r.width / 2, y: r.top + r.height / 2}; }

  /** Screen pixels per user unit of ``el``'s parent (1 when it cannot be measured). */
  function scaleOf(el) {
    const m = el.parentNode && el.parentNode.getScreenCTM ? el.parentNode.getScreenCTM() : null;
    return {x: (m && m.a) || 1, y: (m && m.d) || 1};
  }

  /** ``el``'s centre (its screen box ``rect``) in the user units of its svg. */
  function userCentre(el, rect) {
    const svg = el.ownerSVGElement;
    const c = centre(rect);
    const m = svg && svg.getScreenCTM();
    if (!m) return c;
    const p = svg.createSVGPoint();
    p.x = c.x;
    p.y = c.y;
    return p.matrixTransform(m.inverse());
  }

  function parsePath(s) {
    return String(s || "").trim().split(/\s+/).filter(Boolean).map((pair) => {
      const [x, y] = pair.split(",").map(Number);
      return {x: x, y: y};
    }).filter((p) => isFinite(p.x) && isFinite(p.y));
  }

  function shift(dx, dy) { return `translate(${dx.toFixed(2)}px, ${dy.toFixed(2)}px)`; }

  function endOpacity(el) {
    const o = el.getAttribute("opacity");
    return o === null ? 1 : Number(o);
  }

  /** Walk ``el`` through ``points``; the n-th walker of a redraw sets off a little later (at
   *  most 0.6 s), so walkers from one entrance do not hide each other. */
  function walk(el, points, rect, n) {
    const at = userCentre(el, rect);
    const frames = points.map((p) => ({transform: shift(p.x - at.x, p.y - at.y), opacity: 1}));
    frames.push({transform: "translate(0px, 0px)", opacity: endOpacity(el)});
    const ms = Math.min(WALK_MAX_MS, WALK_STEP_MS * (frames.length - 1));
    el.animate(frames, {duration: ms, easing: "linear", delay: Math.min(600, 120 * n),
      fill: "backwards"});
  }

  /** Slide ``el`` from the screen point ``from``; ``carried`` is the screen offset its keyed
   *  ancestor starts from (that one moves it too); ``starts`` records ``el``'s own. */
  function slide(el, from, fade, starts, rect) {
    const to = centre(rect);
    const owner = el.parentNode && el.parentNode.closest ? el.parentNode.closest("[data-key]") : null;
    const carried = (owner && starts.get(owner)) || {x: 0, y: 0};
    starts.set(el, {x: from.x - to.x, y: from.y - to.y});
    const s = scaleOf(el);
    const dx = (from.x - to.x - carried.x) / s.x;
    const dy = (from.y - to.y - carried.y) / s.y;
    if (!fade && Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return false;
    const first = {transform: shift(dx, dy)};
    const last = {transform: "translate(0px, 0px)"};
    if (fade) { first.opacity = 0.2; last.opacity = endOpacity(el); }
    el.animate([first, last], {duration: STEP_MS, easing: "ease-out"});
    return true;
  }

  function fadeIn(el) {
    el.animate([{opacity: 0}, {opacity: endOpacity(el)}], {duration: STEP_MS, easing: "ease-out"});
  }

  /** A number text that changed in place counts from its old value to its new one. */
  function tween(el, oldText) {
    const a = NUMBER.exec(oldText);
    const b = NUMBER.exec(el.textContent);
    if (!a || !b || a[1] !== b[1] || a[4] !== b[4]) return false;
    const from = Number(a[2] + a[3]);
    const to = Number(b[2] + b[3]);
    const finalText = el.textContent;
    const start = performance.now();
    const step = (now) => {
      if (!el.isConnected) return;
      const k = Math.min(1, (now - start) / TWEEN_MS);
      const n = Math.round(from + (to - from) * k);
      el.textContent = k >= 1 ? finalText : `${b[1]}${n < 0 ? "-" : ""}${Math.abs(n)}${b[4]}`;
      if (k < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
    return true;
  }

  function bump(name, n) {
    document.body.dataset[name] = String(Number(document.body.dataset[name] || 0) + n);
  }

  /** Animate what changed on ``board`` since ``before`` (capture); return how many started. */
  function play(board, before, o) {
    o = o || {};
    if (o.off || reduced() || !before || !before.rects.size) {
      bump("animated", 0);
      return 0;
    }
    let started = 0;
    let walkers = 0;
    const starts = new Map();  // element -> the screen offset its slide starts from
    const keyed = [...board.querySelectorAll("[data-key]")];  // document order: outer ones first
    const rects = keyed.map((el) => el.getBoundingClientRect());  // before anything moves
    keyed.forEach((el, i) => {
      if (!el.animate) return;
      const rect = rects[i];
      const key = el.getAttribute("data-key");
      const old = before.rects.get(key);
      const path = parsePath(el.getAttribute("data-path"));
      const from = before.rects.get(el.getAttribute("data-from") || "");
      if (path.length) { walk(el, path, rect, walkers++); started++; }
      else if (old) { if (slide(el, centre(old), false, starts, rect)) started++; }
      else if (from) { slide(el, centre(from), true, starts, rect); started++; }
      else { fadeIn(el); started++; }
    });
    let tweened = 0;
    texts(board).forEach(([id, el]) => {
      const old = before.texts.get(id);
      if (old !== undefined && old !== el.textContent && tween(el, old)) tweened++;
    });
    bump("animated", started);
    bump("tweened", tweened);
    return started;
  }

  window.BazaarMotion = {capture: capture, play: play, parsePath: parsePath};
})();

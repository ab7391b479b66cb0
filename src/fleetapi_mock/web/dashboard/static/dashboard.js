// The mock's dashboard. Reads and steers the world through the control API of the server
// that served it; builds every element with the DOM (never innerHTML: labels are users' data).
"use strict";
(() => {
  const SETTINGS = JSON.parse(document.getElementById("settings").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);

  // --- Where the control API is, and which world -----------------------------------------
  const prefixed = location.pathname.replace(/\/__mock__\/ui\/?$/, "");
  const inPath = /\/__world\/([^/]+)/.exec(prefixed);
  const base = prefixed.replace(/\/__world\/[^/]+/, "");
  const state = {
    world: new URLSearchParams(location.search).get("world") || (inPath ? decodeURIComponent(inPath[1]) : "default"),
    token: sessionStorage.getItem("fleet-mock-token") || "",
    map: null,
    account: null,
    view: null,
    clock: null,
    epoch: 0,
  };

  class ControlError extends Error {
    constructor(status, code, description) {
      super(description);
      this.status = status;
      this.code = code;
    }
  }

  function headers(json) {
    const h = {};
    if (state.world !== "default") h["X-Mock-World"] = state.world;
    if (state.token) h.Authorization = "Bearer " + state.token;
    if (json) h["Content-Type"] = "application/json";
    return h;
  }

  function url(route) {
    return base + "/__mock__/" + route;
  }

  async function control(method, route, body) {
    const epoch = state.epoch;
    const answer = await fetch(url(route), {
      method,
      headers: headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    let data = null;
    try {
      data = await answer.json();
    } catch (_) {
      data = null;
    }
    // An answer about the world shown before the picker changed: never delivered.
    if (epoch !== state.epoch) return new Promise(() => {});
    if (!answer.ok || (data && data.success === false)) {
      const status = data && data.status ? data.status : {};
      if (answer.status === 401) askForToken();
      const errors = data && Array.isArray(data.errors) ? data.errors.map((e) => `${e.parameter}: ${e.error}`) : [];
      const description = [status.description || answer.statusText, ...errors].join("; ");
      throw new ControlError(answer.status, status.code, description);
    }
    return data;
  }

  function say(text, bad) {
    const status = $("status");
    status.textContent = text;
    status.classList.toggle("bad", Boolean(bad));
  }

  function askForToken() {
    $("token-form").hidden = false;
    say("This server needs its control token (fleet mock serve --control-token).", true);
  }

  // --- Small DOM helpers ---------------------------------------------------------------------
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function svg(tag, props, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null) continue;
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, String(value));
    }
    for (const child of children) node.append(child);
    return node;
  }

  // The control API's times are UTC, written "2026-01-15 09:00:00".
  const utc = (text) => Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : text.replace(" ", "T") + "Z");
  const time = (iso) => (iso ? iso.replace("T", " ").replace(/(\.\d+)?(Z|[+-]00:?00)?$/, "") : "");
  const count = (n) => n.toLocaleString("en");
  const bytes = (n) => (n < 1024 ? n + " B" : n < 1048576 ? (n / 1024).toFixed(1) + " KiB" : (n / 1048576).toFixed(1) + " MiB");

  // --- The clock ---------------------------------------------------------------------------
  async function readClock() {
    const clock = await control("GET", "clock");
    state.clock = { now: utc(clock.now), running: clock.running, read: Date.now() };
    showClock();
    return clock;
  }

  function showClock() {
    const clock = state.clock;
    if (!clock) return;
    const now = clock.running ? clock.now + (Date.now() - clock.read) : clock.now;
    $("now").textContent = new Date(now).toISOString().slice(0, 19).replace("T", " ") + " UTC";
    $("now").setAttribute("datetime", new Date(now).toISOString());
    $("running").textContent = clock.running ? "running" : "frozen";
    $("run").textContent = clock.running ? "Freeze" : "Run";
    $("run").setAttribute("aria-pressed", String(clock.running));
  }

  async function setClock(change, what) {
    try {
      await control("POST", "clock", change);
      await readClock();
      await refreshMap();
      say(what);
    } catch (error) {
      say("The clock: " + error.message, true);
    }
  }

  for (const button of document.querySelectorAll("[data-advance]")) {
    button.addEventListener("click", () =>
      setClock({ advance: button.dataset.advance }, "Moved the clock on by " + button.textContent.slice(1) + "."),
    );
  }
  $("run").addEventListener("click", () => {
    const running = !(state.clock && state.clock.running);
    setClock({ running }, running ? "The clock runs." : "The clock is frozen.");
  });

  // --- The map -----------------------------------------------------------------------------
  const R = 180 / Math.PI;
  const project = ([lat, lng]) => [lng, -R * Math.log(Math.tan(Math.PI / 4 + (lat / R) / 2))];
  const metres = (lat, m) => m / (111320 * Math.cos(lat / R));

  function trackerClass(t) {
    if (t.blocked) return "blocked";
    if (t.connection_status === "offline" || t.connection_status === "signal_lost") return "offline";
    return t.movement_status;
  }

  function mine(item) {
    return state.account === null || item.user_id === state.account;
  }

  function accounts(map) {
    const counts = new Map();
    for (const t of map.trackers) counts.set(t.user_id, (counts.get(t.user_id) || 0) + 1);
    for (const list of [map.zones, map.places, map.tasks]) {
      for (const item of list) if (!counts.has(item.user_id)) counts.set(item.user_id, 0);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }

  function showAccounts(map) {
    const select = $("account");
    const known = accounts(map);
    if (state.account === null && known.length && !select.dataset.chosen) state.account = known[0][0];
    if (state.account !== null && !known.some(([id]) => id === state.account)) state.account = known.length ? known[0][0] : null;
    select.replaceChildren(
      el("option", { value: "", text: "all accounts" }),
      ...known.map(([id, n]) => el("option", { value: id, text: `user ${id} (${n} tracker${n === 1 ? "" : "s"})` })),
    );
    select.value = state.account === null ? "" : String(state.account);
  }

  function extent(map) {
    const points = [];
    for (const t of map.trackers) if (mine(t) && t.position) points.push(t.position);
    for (const z of map.zones) {
      if (!mine(z)) continue;
      if (z.center) {
        const d = metres(z.center[0], z.radius || 0);
        points.push([z.center[0], z.center[1] - d], [z.center[0], z.center[1] + d]);
      }
      points.push(...z.points);
    }
    for (const p of map.places) if (mine(p)) points.push(p.position);
    for (const t of map.tasks) if (mine(t)) points.push(t.position);
    for (const track of map.tracks) if (mine(trackerOf(track.tracker_id) || {})) points.push(...track.points);
    return points.map(project);
  }

  function trackerOf(id) {
    return state.map ? state.map.trackers.find((t) => t.id === id) : undefined;
  }

  function size() {
    const box = $("map").getBoundingClientRect();
    return [Math.max(box.width, 100), Math.max(box.height, 100)];
  }

  function fit() {
    const points = state.map ? extent(state.map) : [];
    const [w, h] = size();
    if (!points.length) {
      state.view = { x: 13.4, y: -61.6, scale: 400 };
      return;
    }
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const span = Math.max((x1 - x0) / w, (y1 - y0) / h, 0.0005 / Math.min(w, h));
    state.view = { x: (x0 + x1) / 2, y: (y0 + y1) / 2, scale: 0.85 / span };
  }

  function screen(p) {
    const [w, h] = size();
    const [x, y] = project(p);
    return [(x - state.view.x) * state.view.scale + w / 2, (y - state.view.y) * state.view.scale + h / 2];
  }

  function drawGrid(layer, w, h) {
    const step = Math.pow(10, Math.floor(Math.log10(120 / state.view.scale)));
    const left = state.view.x - w / 2 / state.view.scale;
    const top = state.view.y - h / 2 / state.view.scale;
    for (let x = Math.ceil(left / step) * step; x < left + w / state.view.scale; x += step) {
      const sx = (x - state.view.x) * state.view.scale + w / 2;
      layer.append(svg("line", { class: "grid", x1: sx, x2: sx, y1: 0, y2: h }));
    }
    for (let y = Math.ceil(top / step) * step; y < top + h / state.view.scale; y += step) {
      const sy = (y - state.view.y) * state.view.scale + h / 2;
      layer.append(svg("line", { class: "grid", x1: 0, x2: w, y1: sy, y2: sy }));
    }
  }

  function drawZone(layer, z) {
    const colour = "#" + (z.color || "27A9E3");
    const label = svg("title", { text: `Zone ${z.id}: ${z.label} (${z.type})` });
    const common = { "data-zone-id": z.id, "data-type": z.type, class: "zone" };
    if (z.type === "circle" && z.center) {
      const [cx, cy] = screen(z.center);
      const r = metres(z.center[0], z.radius || 0) * state.view.scale;
      layer.append(svg("circle", { ...common, cx, cy, r, fill: colour, "fill-opacity": 0.18, stroke: colour, "stroke-width": 2 }, label));
      layer.append(svg("text", { x: cx + r + 4, y: cy, text: z.label }));
      return;
    }
    const points = z.points.map(screen);
    if (!points.length) return;
    const pairs = points.map((p) => p.join(",")).join(" ");
    if (z.type === "sausage") {
      const width = 2 * metres(z.points[0][0], z.radius || 0) * state.view.scale;
      layer.append(
        svg("polyline", { ...common, points: pairs, fill: "none", stroke: colour, "stroke-opacity": 0.3, "stroke-width": Math.max(width, 2), "stroke-linecap": "round", "stroke-linejoin": "round" }, label),
      );
    } else {
      layer.append(svg("polygon", { ...common, points: pairs, fill: colour, "fill-opacity": 0.18, stroke: colour, "stroke-width": 2 }, label));
    }
    layer.append(svg("text", { x: points[0][0] + 4, y: points[0][1] - 4, text: z.label }));
  }

  function draw() {
    const map = state.map;
    const canvas = $("map");
    if (!map || !state.view) return;
    const [w, h] = size();
    canvas.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const grid = svg("g", { "aria-hidden": "true" });
    drawGrid(grid, w, h);
    const zones = svg("g", { id: "zones" });
    for (const z of map.zones) if (mine(z)) drawZone(zones, z);
    const tracks = svg("g", { id: "tracks" });
    for (const track of map.tracks) {
      const tracker = trackerOf(track.tracker_id);
      if (!tracker || !mine(tracker)) continue;
      tracks.append(
        svg("polyline", { "data-track-of": track.tracker_id, points: track.points.map((p) => screen(p).join(",")).join(" "), fill: "none", stroke: "var(--parked)", "stroke-opacity": 0.6, "stroke-width": 2 },
          svg("title", { text: `Track of ${tracker.label}: ${track.recorded} points` })),
      );
    }
    const places = svg("g", { id: "places" });
    for (const p of map.places) {
      if (!mine(p)) continue;
      const [x, y] = screen(p.position);
      places.append(
        svg("g", { "data-place-id": p.id },
          svg("rect", { x: x - 4, y: y - 4, width: 8, height: 8, fill: "var(--place)" }),
          svg("text", { x: x + 7, y: y + 4, text: p.label }),
          svg("title", { text: `Place ${p.id}: ${p.label}` })),
      );
    }
    const tasks = svg("g", { id: "map-tasks" });
    for (const t of map.tasks) {
      if (!mine(t)) continue;
      const [x, y] = screen(t.position);
      tasks.append(
        svg("g", { "data-task-id": t.id, "data-status": t.status },
          svg("path", { d: `M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`, fill: `var(--st-${t.status})`, stroke: "#fff" }),
          svg("title", { text: `${t.type === "checkpoint" ? "Checkpoint" : "Task"} ${t.id}: ${t.label} (${t.status})` })),
      );
    }
    const trackers = svg("g", { id: "map-trackers" });
    for (const t of map.trackers) {
      if (!mine(t) || !t.position) continue;
      const [x, y] = screen(t.position);
      const kind = trackerClass(t);
      const words = `${t.label}, ${kind}, ${t.speed} km/h`;
      trackers.append(
        svg("g", { class: "tracker", "data-tracker-id": t.id, "data-lat": t.position[0], "data-lng": t.position[1], "data-state": kind },
          svg("circle", { cx: x, cy: y, r: 7, fill: `var(--${kind})`, stroke: "#fff", "stroke-width": 2 }),
          svg("text", { x: x + 10, y: y + 4, text: `${t.label} · ${t.speed} km/h` }),
          svg("title", { text: words })),
      );
    }
    canvas.replaceChildren(grid, zones, tracks, places, tasks, trackers);
  }

  function showLists(map) {
    $("trackers").tBodies[0].replaceChildren(
      ...map.trackers.filter(mine).map((t) =>
        el("tr", { "data-tracker-id": t.id },
          el("td", { class: "num", text: t.id }),
          el("td", { text: t.label }),
          el("td", {}, el("span", { class: "dot " + trackerClass(t) }), trackerClass(t)),
          el("td", { class: "num", text: t.speed + " km/h" }),
          el("td", { text: t.position ? `${t.position[0].toFixed(5)}, ${t.position[1].toFixed(5)} at ${time(t.updated)}` : "none yet" })),
      ),
    );
    $("tasks").tBodies[0].replaceChildren(
      ...map.tasks.filter(mine).map((t) =>
        el("tr", { "data-task-id": t.id },
          el("td", { class: "num", text: t.id }),
          el("td", { text: (t.type === "checkpoint" ? "checkpoint of route " + t.route_id + ": " : "") + t.label }),
          el("td", {}, el("span", { class: "status status-" + t.status, "data-status": t.status, text: t.status })),
          el("td", { text: t.tracker_id == null ? "none" : String(t.tracker_id) }),
          el("td", { text: `${time(t.from)} to ${time(t.to)}` })),
      ),
    );
  }

  function showReports(map) {
    const reports = map.reports.filter(mine);
    $("reports").tBodies[0].replaceChildren(
      ...reports.map((r) =>
        el("tr", { "data-report-id": r.id },
          el("td", { class: "num", text: r.id }),
          el("td", { text: r.title }),
          el("td", { class: "num", text: r.plugin_id }),
          el("td", { class: "num", text: r.user_id }),
          el("td", { "data-percent": r.percent, text: r.percent === 100 ? "ready" : `${r.percent} %` })),
      ),
    );
    if (!reports.length) $("reports").tBodies[0].append(el("tr", {}, el("td", { colspan: 5, class: "hint", text: "No report asked for." })));
  }

  async function refreshMap() {
    const day = $("day").value;
    const first = state.map === null;
    const map = await control("GET", "map" + (day ? "?day=" + encodeURIComponent(day) : ""));
    state.map = map;
    if (!day) $("day").value = map.day;
    showAccounts(map);
    if (first || !state.view) fit();
    draw();
    showLists(map);
    showReports(map);
    $("map").dataset.now = map.now;
  }

  $("account").addEventListener("change", (event) => {
    event.target.dataset.chosen = "yes";
    state.account = event.target.value === "" ? null : Number(event.target.value);
    fit();
    draw();
    showLists(state.map);
    showReports(state.map);
  });
  $("day").addEventListener("change", () => refreshMap().catch((e) => say("The map: " + e.message, true)));
  $("fit").addEventListener("click", () => {
    fit();
    draw();
  });

  function zoom(factor) {
    state.view.scale *= factor;
    draw();
  }
  $("zoom-in").addEventListener("click", () => zoom(1.5));
  $("zoom-out").addEventListener("click", () => zoom(1 / 1.5));
  $("map").addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2);
  }, { passive: false });
  $("map").addEventListener("keydown", (event) => {
    const step = 60 / state.view.scale;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key]) {
      state.view.x += moves[event.key][0];
      state.view.y += moves[event.key][1];
      draw();
    } else if (event.key === "+" || event.key === "=") zoom(1.5);
    else if (event.key === "-") zoom(1 / 1.5);
    else return;
    event.preventDefault();
  });
  let dragging = null;
  $("map").addEventListener("pointerdown", (event) => {
    dragging = [event.clientX, event.clientY];
    $("map").setPointerCapture(event.pointerId);
  });
  $("map").addEventListener("pointermove", (event) => {
    if (!dragging) return;
    state.view.x -= (event.clientX - dragging[0]) / state.view.scale;
    state.view.y -= (event.clientY - dragging[1]) / state.view.scale;
    dragging = [event.clientX, event.clientY];
    draw();
  });
  $("map").addEventListener("pointerup", () => (dragging = null));
  window.addEventListener("resize", () => draw());

  // --- The journal, live ---------------------------------------------------------------------
  const feed = { generation: 0, after: 0, abort: null, filters: new URLSearchParams() };
  const MAX_ROWS = 500;

  function journalRow(entry) {
    const detailId = "request-" + entry.seq;
    const toggle = el("button", { type: "button", "aria-expanded": "false", "aria-controls": detailId, "aria-label": "Details of request " + entry.seq, text: "▸" });
    const row = el("tr", { class: "fresh", "data-seq": entry.seq, "data-call": entry.call || entry.path },
      el("td", {}, toggle),
      el("td", { text: time(entry.time) }),
      el("td", { text: entry.call || entry.method + " " + entry.path }),
      el("td", { class: entry.code ? "num code-bad" : "num", text: entry.code + " (" + entry.status + ")" }),
      el("td", { text: entry.credential || "none" }),
      el("td", { class: "num", text: entry.duration_ms.toFixed(1) + " ms" }),
      el("td", { text: entry.fault == null ? "" : "rule " + entry.fault }));
    const params = entry.params == null ? "(not kept: larger than the journal keeps)" : JSON.stringify(entry.params, null, 2);
    const detail = el("tr", { id: detailId, hidden: true },
      el("td", { colspan: 7 },
        el("div", { class: "hint", text: `${entry.method} ${entry.path} · answer ${bytes(entry.size)} · user ${entry.user_id == null ? "none" : entry.user_id}` }),
        el("pre", { text: params })));
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      toggle.textContent = open ? "▾" : "▸";
      detail.hidden = !open;
    });
    return [row, detail];
  }

  function addEntries(entries) {
    const rows = $("journal-rows");
    for (const entry of entries) rows.prepend(...journalRow(entry));
    while (rows.children.length > 2 * MAX_ROWS) rows.lastElementChild.remove();
    $("journal-state").textContent = `${rows.children.length / 2} request(s) shown, newest first`;
  }

  function block(text) {
    const event = { id: null, type: "message", data: [] };
    for (const line of text.split("\n")) {
      const at = line.indexOf(":");
      if (at === 0) continue;
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") event.id = value;
      else if (field === "event") event.type = value;
      else if (field === "data") event.data.push(value);
    }
    return event;
  }

  async function follow(generation) {
    while (generation === feed.generation) {
      const abort = new AbortController();
      feed.abort = abort;
      try {
        const query = new URLSearchParams(feed.filters);
        if (feed.after) query.set("after", String(feed.after));
        const answer = await fetch(url("journal/live?" + query), { headers: { ...headers(false), Accept: "text/event-stream" }, signal: abort.signal, cache: "no-store" });
        if (!answer.ok) {
          if (answer.status === 401) askForToken();
          const data = await answer.json().catch(() => null);
          $("journal-state").textContent = "The journal: " + (data && data.status ? data.status.description : answer.statusText);
          await sleep(3000);
          continue;
        }
        $("journal-state").dataset.live = "yes";
        const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done || generation !== feed.generation) break;
          buffer += value.replace(/\r\n?/g, "\n");
          const entries = [];
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const event = block(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (event.id) feed.after = Number(event.id);
            if (event.type === "request" && event.data.length) entries.push(JSON.parse(event.data.join("\n")));
          }
          if (entries.length && generation === feed.generation) {
            addEntries(entries);
            changed();
          }
        }
      } catch (error) {
        if (abort.signal.aborted) return;
      }
      await sleep(SETTINGS.retry_ms);
    }
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function restartFeed() {
    feed.generation += 1;
    feed.after = 0;
    if (feed.abort) feed.abort.abort();
    $("journal-rows").replaceChildren();
    $("journal-state").textContent = "";
    follow(feed.generation);
  }

  $("journal-filter").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    feed.filters = new URLSearchParams();
    for (const [key, value] of form) if (value !== "") feed.filters.set(key, value);
    restartFeed();
  });
  $("journal-clear").addEventListener("click", () => {
    $("journal-rows").replaceChildren();
    $("journal-state").textContent = "";
  });
  const credential = document.querySelector("#journal-filter select[name=credential]");
  for (const kind of SETTINGS.credential) credential.append(el("option", { value: kind, text: kind }));

  // Requests came: the world may have moved. Read it again at most once a second, so that a
  // suite's thousand requests a second cost its world one map read a second.
  let pending = null;
  function changed() {
    if (pending) return;
    pending = setTimeout(async () => {
      await Promise.all([refreshMap(), refreshFaults()]).catch(() => {});
      pending = null;
    }, 1000);
  }

  // --- Faults --------------------------------------------------------------------------------
  // A rule's fields left out of its JSON are not set: compared with `!= null`.
  function faultAction(rule) {
    const then = rule.delay != null ? `, after ${rule.delay} s` : "";
    if (rule.error != null) return `error ${rule.error} (${SETTINGS.errors[rule.error] || "?"})${then}`;
    if (rule.status != null) return `HTTP ${rule.status}${then}`;
    if (rule.drop != null) return `drop ${rule.drop} handling${then}`;
    if (rule.answer != null) return `${rule.answer} answer${then}`;
    return `delay ${rule.delay} s`;
  }

  async function refreshFaults() {
    const { list } = await control("GET", "faults");
    $("fault-rows").replaceChildren(
      ...list.map((rule) =>
        el("tr", { "data-fault-id": rule.id },
          el("td", { class: "num", text: rule.id }),
          el("td", { text: rule.path }),
          el("td", { text: faultAction(rule) + (rule.times ? `, ${rule.times} time(s)` : "") }),
          el("td", { class: "num", "data-matched": rule.matched, text: rule.matched }),
          el("td", { class: "num", "data-fired": rule.fired, text: rule.fired }),
          el("td", {}, el("button", { type: "button", "aria-label": "Remove rule " + rule.id, text: "Remove", onclick: () => removeFault(rule.id) }))),
      ),
    );
    if (!list.length) $("fault-rows").append(el("tr", {}, el("td", { colspan: 6, class: "hint", text: "No rule armed." })));
  }

  async function removeFault(id) {
    try {
      await control("DELETE", "faults/" + id);
      await refreshFaults();
      say(`Removed fault rule ${id}.`);
    } catch (error) {
      $("fault-error").textContent = error.message;
    }
  }

  function faultValues() {
    const action = document.querySelector("#fault-form select[name=action]").value;
    const values = action === "error" ? Object.entries(SETTINGS.errors).map(([code, name]) => [code, name])
      : action === "drop" ? SETTINGS.drop.map((v) => [v, ""])
      : action === "answer" ? SETTINGS.answer.map((v) => [v, ""])
      : action === "status" ? [["500", ""], ["502", ""], ["503", ""], ["429", ""]]
      : [["0.5", ""], ["2", ""], ["10", ""]];
    $("fault-values").replaceChildren(...values.map(([value, label]) => el("option", { value, label: label || undefined })));
  }
  document.querySelector("#fault-form select[name=action]").addEventListener("change", faultValues);

  $("fault-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const action = form.get("action");
    const value = String(form.get("value")).trim();
    const rule = { path: String(form.get("path")).trim() || "*" };
    rule[action] = action === "drop" || action === "answer" ? value : Number(value);
    if (form.get("times")) rule.times = Number(form.get("times"));
    try {
      const { fault } = await control("POST", "faults", rule);
      $("fault-error").textContent = "";
      await refreshFaults();
      say(`Armed fault rule ${fault.id} on ${fault.path}.`);
    } catch (error) {
      $("fault-error").textContent = "Not added: " + error.message;
    }
  });

  // --- Worlds --------------------------------------------------------------------------------
  async function refreshWorlds() {
    const { list } = await control("GET", "worlds");
    const picker = $("world");
    const names = list.map((w) => w.name);
    if (!names.includes(state.world)) names.push(state.world);
    picker.replaceChildren(...names.map((name) => el("option", { value: name, text: name })));
    picker.value = state.world;
    $("world-rows").replaceChildren(
      ...list.map((w) =>
        el("tr", { "data-world": w.name, "aria-current": w.name === state.world ? "true" : undefined },
          el("td", {}, el("button", { type: "button", text: w.name, "aria-label": "Open world " + w.name, onclick: () => switchWorld(w.name) })),
          el("td", { text: time(w.now) }),
          el("td", { class: "num", text: `${count(w.records)} of ${count(w.quotas.records)}` }),
          el("td", { class: "num", text: w.sessions }),
          el("td", { class: "num", text: `${bytes(w.file_bytes)} of ${bytes(w.quotas.file_bytes)}` }),
          el("td", { class: "num", text: `${w.fault_rules} of ${w.quotas.fault_rules}` }),
          el("td", { class: "num", text: `${w.journal} (${bytes(w.journal_bytes)})` }),
          el("td", { class: "num", text: w.requests == null ? "" : w.requests }),
          el("td", {},
            el("button", { type: "button", text: "Download", "aria-label": "Download world " + w.name, onclick: () => download(w.name) }), " ",
            el("button", { type: "button", text: "Reset", "aria-label": "Reset world " + w.name, onclick: () => reset(w.name) }), " ",
            w.name === "default" ? "" : el("button", { type: "button", text: "Delete", "aria-label": "Delete world " + w.name, onclick: () => remove(w.name) }))),
      ),
    );
  }

  async function inWorld(name, work) {
    const was = state.world;
    state.world = name;
    try {
      return await work();
    } finally {
      state.world = was;
    }
  }

  async function download(name) {
    try {
      const answer = await inWorld(name, () => fetch(url("world"), { headers: headers(false), cache: "no-store" }));
      if (!answer.ok) throw new Error(answer.statusText);
      const link = el("a", { href: URL.createObjectURL(await answer.blob()), download: `world-${name}.json` });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      say("Download: " + error.message, true);
    }
  }

  async function reset(name) {
    if (!confirm(`Reset world ${name} to the world it started from?`)) return;
    try {
      await inWorld(name, () => control("POST", "reset"));
      say(`World ${name} is back to its start.`);
      await Promise.all([refreshWorlds(), refreshMap(), readClock(), refreshFaults()]);
    } catch (error) {
      say("Reset: " + error.message, true);
    }
  }

  async function remove(name) {
    if (!confirm(`Delete world ${name}? Its data is gone for good.`)) return;
    try {
      await control("DELETE", "worlds/" + encodeURIComponent(name));
      say(`Deleted world ${name}.`);
      if (name === state.world) await switchWorld("default");
      else await refreshWorlds();
    } catch (error) {
      say("Delete: " + error.message, true);
    }
  }

  async function switchWorld(name) {
    state.epoch += 1;
    state.world = name;
    state.map = null;
    state.view = null;
    state.account = null;
    delete $("account").dataset.chosen;
    $("day").value = "";
    const query = new URLSearchParams(location.search);
    if (name === "default") query.delete("world");
    else query.set("world", name);
    history.replaceState(null, "", location.pathname + (query.size ? "?" + query : ""));
    document.title = `fleet mock: ${name}`;
    restartFeed();
    await load();
  }

  $("world").addEventListener("change", (event) => switchWorld(event.target.value));

  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    state.token = $("token").value;
    sessionStorage.setItem("fleet-mock-token", state.token);
    $("token-form").hidden = true;
    say("");
    restartFeed();
    load();
  });

  // --- Start ---------------------------------------------------------------------------------
  async function load() {
    try {
      await Promise.all([readClock(), refreshMap(), refreshFaults(), refreshWorlds()]);
      say(`World ${state.world}: ${state.map.trackers.length} trackers, ${state.map.tasks.length} tasks.`);
      document.body.dataset.ready = "yes";
    } catch (error) {
      if (error.status !== 401) say("Could not read the world: " + error.message, true);
    }
  }

  faultValues();
  setInterval(showClock, 1000);
  setInterval(() => {
    if (state.clock && state.clock.running) refreshMap().catch(() => {});
    refreshWorlds().catch(() => {});
  }, 5000);
  document.title = `fleet mock: ${state.world}`;
  follow(feed.generation);
  load();
})();

/* The replay player: controls, timeline, frames and perspective, for every game.

   A game's renderer registers itself, from its own file replay/<game>.js, with
     ReplayRenderers.register("<game>", {
       render(board, view, context),   // draws the view after the step into the board element
       describeEvent(event, context),  // one event of the step, as a sentence
       describeAction(frame, context), // optional: the step's action, in words
     });
   where context = {step, frame, frames, perspective, seatName(seat), actionLabels(block), board, view};
   actionLabels(block) is the labels of a block of the game's action table, from its spec, and board the
   game's fixed board from its spec's replay_board (a map's geometry; null for a game without one).  A game
   without a file of its own is drawn by replay/generic.js, registered as "*".

   The frames (GET <frames-url>?perspective=all|<seat>) carry frame 0's whole view and, for
   every later step, a patch from the previous view (arena/replay_frames.py describes it). */
(() => {
  "use strict";

  const renderers = new Map();
  window.ReplayRenderers = {
    register(game, renderer) { renderers.set(game, renderer); },
  };

  const CHECKPOINT_EVERY = 50;

  function clone(value) {
    return value !== null && typeof value === "object" ? structuredClone(value) : value;
  }

  // Applies a patch in place: [path, value] sets, [path] deletes, [path, start, count, items] splices.
  function applyPatch(view, patch) {
    const at = (path) => path.reduce((value, key) => value[key], view);
    for (const operation of patch) {
      const path = operation[0];
      if (operation.length === 4) {
        at(path).splice(operation[1], operation[2], ...clone(operation[3]));
      } else if (operation.length === 2 && path.length === 0) {
        view = clone(operation[1]);
      } else if (operation.length === 2) {
        at(path.slice(0, -1))[path[path.length - 1]] = clone(operation[1]);
      } else {
        delete at(path.slice(0, -1))[path[path.length - 1]];
      }
    }
    return view;
  }

  class Timeline {
    constructor(frames) {
      this.frames = frames.frames;
      this.cache = new Map([[0, frames.frames[0].view]]);
    }

    get last() { return this.frames.length - 1; }

    view(step) {
      if (this.cache.has(step)) return this.cache.get(step);
      let from = step;
      while (!this.cache.has(from)) from -= 1;
      let view = structuredClone(this.cache.get(from));
      for (let k = from + 1; k <= step; k += 1) {
        view = applyPatch(view, this.frames[k].patch);
        if (k % CHECKPOINT_EVERY === 0 && k !== step) this.cache.set(k, structuredClone(view));
      }
      this.cache.set(step, view);
      return view;
    }
  }

  /* A DOM element with attributes ("class" sets the class name) and children (nodes or text). */
  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === "class") node.className = value; else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function humanize(name) {
    const words = String(name).toLowerCase().replaceAll("_", " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  class Player {
    constructor(root) {
      this.root = root;
      this.game = root.dataset.game;
      this.renderer = renderers.get(this.game) || renderers.get("*");
      this.framesUrl = root.dataset.framesUrl;
      const names = document.getElementById("replay-seat-names");
      this.seatNames = names ? JSON.parse(names.textContent) : [];
      const labels = document.getElementById("replay-action-labels");
      this.actionLabels = labels ? JSON.parse(labels.textContent) : {};
      const board = document.getElementById("replay-board-data");
      this.board = board ? JSON.parse(board.textContent) : null;
      this.el = Object.fromEntries(["play", "step-forward", "step-back", "speed", "jump", "step-number",
        "step-count", "perspective", "board", "events", "action"].map(
        (id) => [id, document.getElementById(`replay-${id}`)]));
      this.step = 0;
      this.timer = null;
      this.timeline = null;
      this.loads = 0;
    }

    start() {
      if (!this.renderer) {
        this.el.action.textContent = `No replay renderer is registered for ${this.game}.`;
        return;
      }
      this.bind();
      this.load(this.el.perspective.value);
    }

    seatName(seat) {
      if (seat === null || seat === undefined) return "nobody";
      const name = this.seatNames[seat];
      return name ? `seat ${seat} (${name})` : `seat ${seat}`;
    }

    async load(perspective) {
      const load = ++this.loads;
      this.root.setAttribute("aria-busy", "true");
      this.setControlsEnabled(false);
      let frames;
      try {
        const response = await fetch(`${this.framesUrl}?perspective=${encodeURIComponent(perspective)}`,
          { headers: { Accept: "application/json" } });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
        frames = body;
      } catch (error) {
        if (load === this.loads) {
          this.el.action.textContent = `The replay could not be loaded: ${error.message}`;
          this.root.removeAttribute("aria-busy");
        }
        return;
      }
      if (load !== this.loads) return;   // a newer perspective was asked for meanwhile
      this.frames = frames;
      this.perspective = frames.perspective;
      this.timeline = new Timeline(frames);
      const last = this.timeline.last;
      for (const input of [this.el.jump, this.el["step-number"]]) input.max = String(last);
      this.el["step-count"].textContent = String(last);
      this.setControlsEnabled(true);
      this.root.removeAttribute("aria-busy");
      this.show(Math.min(this.step, last));
      if (this.root.dataset.ready !== "true") {
        this.root.dataset.ready = "true";
        performance.mark("replay-ready");   // read by benchmarks/replay_page.py
      }
    }

    setControlsEnabled(enabled) {
      for (const id of ["play", "step-forward", "step-back", "jump", "step-number"]) {
        this.el[id].disabled = !enabled;
      }
    }

    show(step) {
      if (!this.timeline) return;
      step = Math.max(0, Math.min(this.timeline.last, Number.isFinite(step) ? Math.trunc(step) : 0));
      this.step = step;
      const frame = this.timeline.frames[step];
      const view = this.timeline.view(step);
      const context = {
        step, frame, view, frames: this.frames, perspective: this.perspective,
        seatName: (seat) => this.seatName(seat),
        actionLabels: (block) => this.actionLabels[block] || [],
        board: this.board,
      };
      this.renderer.render(this.el.board, view, context);
      this.el.action.textContent = this.describeAction(frame, context);
      const items = frame.events.map((event) => {
        const item = document.createElement("li");
        item.textContent = this.describeEvent(event, context);
        return item;
      });
      if (items.length === 0) {
        const item = document.createElement("li");
        item.className = "muted";
        item.textContent = "Nothing visible happened.";
        items.push(item);
      }
      this.el.events.replaceChildren(...items);
      this.el.jump.value = String(step);
      this.el["step-number"].value = String(step);
      this.el["step-back"].disabled = step === 0;
      this.el["step-forward"].disabled = step === this.timeline.last;
      this.root.dataset.step = String(step);
      if (step === this.timeline.last) this.pause();
    }

    describeAction(frame, context) {
      const where = `Step ${context.step} of ${this.timeline.last}`;
      if (frame.seat === null) return `${where}: the game is set up.`;
      const words = this.renderer.describeAction
        ? this.renderer.describeAction(frame, context) : humanize(frame.action);
      return `${where}: ${this.seatName(frame.seat)} — ${words}.`;
    }

    describeEvent(event, context) {
      const sentence = this.renderer.describeEvent(event, context);
      return sentence || `${humanize(event.event)}: ${JSON.stringify(event)}`;
    }

    play() {
      if (!this.timeline || this.timer !== null) return;
      if (this.step === this.timeline.last) this.show(0);
      const interval = 1000 / Number(this.el.speed.value || 4);
      this.timer = window.setInterval(() => this.show(this.step + 1), interval);
      this.el.play.textContent = "Pause";
      this.el.play.setAttribute("aria-label", "Pause");
      this.el.play.setAttribute("aria-pressed", "true");
    }

    pause() {
      if (this.timer !== null) window.clearInterval(this.timer);
      this.timer = null;
      this.el.play.textContent = "Play";
      this.el.play.setAttribute("aria-label", "Play");
      this.el.play.setAttribute("aria-pressed", "false");
    }

    toggle() { if (this.timer === null) this.play(); else this.pause(); }

    bind() {
      this.el.play.addEventListener("click", () => this.toggle());
      this.el["step-forward"].addEventListener("click", () => { this.pause(); this.show(this.step + 1); });
      this.el["step-back"].addEventListener("click", () => { this.pause(); this.show(this.step - 1); });
      this.el.jump.addEventListener("input", () => { this.pause(); this.show(Number(this.el.jump.value)); });
      this.el["step-number"].addEventListener("change", () => {
        this.pause();
        this.show(Number(this.el["step-number"].value));
      });
      this.el.speed.addEventListener("change", () => {
        if (this.timer !== null) { this.pause(); this.play(); }
      });
      this.el.perspective.addEventListener("change", () => {
        this.pause();
        this.load(this.el.perspective.value);
      });
      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const target = event.target;
        if (target instanceof HTMLElement && (target.isContentEditable
            || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
        const moves = {
          ArrowRight: () => this.show(this.step + 1), ArrowLeft: () => this.show(this.step - 1),
          Home: () => this.show(0), End: () => this.show(this.timeline.last),
        };
        if (event.key === " " && !(target instanceof HTMLButtonElement)) {
          event.preventDefault();
          this.toggle();
        } else if (moves[event.key] && this.timeline) {
          event.preventDefault();
          this.pause();
          moves[event.key]();
        }
      });
    }
  }

  window.ReplayPlayer = { applyPatch, humanize, element };

  document.addEventListener("DOMContentLoaded", () => {
    const root = document.getElementById("replay-viewer");
    if (root) new Player(root).start();
  });
})();

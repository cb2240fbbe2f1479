//# allFunctionsCalledOnLoad
/* The replay player: controls, timeline, frames, perspective and the link to a step, for every
   game.  The tables are drawn by the games' renderers (replay/table.js says how one registers and
   what it is given); a game without a file of its own is drawn by replay/generic.js ("*").

   The frames (arena/replay_frames.py) carry frame 0's whole view and, for every later step, a
   patch from the previous view.  They come from the match page's frames URL
   (GET <frames-url>?perspective=all|<seat>), or from a replay file opened in the browser
   (replay/open.js): ``Player.open`` takes a function that fetches them for a perspective.

   The page's address says the step and the perspective shown, ``#step=12&seat=1`` (or
   ``seat=all``): a link with it opens the viewer there, and stepping or switching keeps it up to
   date (history.replaceState, so that the back button still leaves the page). */
(() => {
  "use strict";

  const { element, humanize, context: tableContext } = window.ReplayTable;

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

  /* The step and perspective a link asks for: ``#step=12&seat=1``; null for what it does not say. */
  function readLink() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const step = params.get("step");
    const seat = params.get("seat");
    return {
      step: step !== null && /^\d{1,7}$/.test(step) ? Number(step) : null,
      seat: seat !== null && (seat === "all" || /^\d{1,3}$/.test(seat)) ? seat : null,
    };
  }

  /* GET a JSON document; an error names what the server said. */
  async function fetchJson(url, options = {}) {
    const response = await fetch(url, { headers: { Accept: "application/json" }, ...options });
    let body;
    try {
      body = await response.json();
    } catch (error) {
      throw new Error(`the server answered ${response.status}`);
    }
    if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
    return body;
  }

  class Player {
    /* Binds the viewer's controls (the elements replay-<name> inside the page) once; ``open``
       shows a replay in it, and may be called again for another. */
    constructor(root) {
      this.root = root;
      this.el = Object.fromEntries(["play", "step-forward", "step-back", "speed", "jump", "step-number",
        "step-count", "perspective", "board", "events", "action"].map(
        (id) => [id, document.getElementById(`replay-${id}`)]));
      this.step = 0;
      this.timer = null;
      this.timeline = null;
      this.loads = 0;
      this.bind();
    }

    /* Shows a replay of ``game``: ``fetchFrames(perspective)`` resolves to its frames ("all" or a
       seat number as text), or fails with an Error that says why. */
    open({ game, seatNames = [], actionLabels = {}, components = {}, board = null, fetchFrames }) {
      this.pause();
      this.loads += 1;            // a load still under way for the previous replay is dropped
      this.game = game;
      this.seatNames = seatNames;
      this.actionLabels = actionLabels;
      this.components = components;
      this.board = board;
      this.fetchFrames = fetchFrames;
      this.timeline = null;
      this.renderer = window.ReplayRenderers.get(game);
      this.root.dataset.game = game;
      this.root.dataset.ready = "false";
      this.el.board.replaceChildren();
      this.el.events.replaceChildren();
      if (!this.renderer) {
        this.el.action.textContent = `No replay renderer is registered for ${game}.`;
        return;
      }
      const link = readLink();
      this.step = link.step === null ? 0 : link.step;
      if (link.seat !== null && this.hasPerspective(link.seat)) this.el.perspective.value = link.seat;
      this.load(this.el.perspective.value);
    }

    hasPerspective(value) {
      return [...this.el.perspective.options].some((option) => option.value === value);
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
        frames = await this.fetchFrames(perspective);
      } catch (error) {
        if (load === this.loads) {
          this.el.action.textContent = `The replay could not be loaded: ${error.message}`;
          this.root.removeAttribute("aria-busy");
        }
        return;
      }
      if (load !== this.loads) return;   // a newer perspective or replay was asked for meanwhile
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

    /* The address says the step and perspective shown; no new history entry for each step. */
    updateLink() {
      // A page opened at its bare address shows step 0 of everything, which that address already
      // says: it is left as it is until the viewer moves (a same-document navigation costs the
      // first picture several milliseconds).
      if (!window.location.hash && this.step === 0 && String(this.perspective) === "all") return;
      const hash = `#step=${this.step}&seat=${this.perspective}`;
      if (window.location.hash !== hash) {
        window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}${hash}`);
      }
    }

    /* A link edited by hand (or followed within the page) moves the viewer there. */
    followLink() {
      if (!this.timeline) return;
      const link = readLink();
      if (link.seat !== null && link.seat !== String(this.perspective) && this.hasPerspective(link.seat)) {
        this.pause();
        if (link.step !== null) this.step = link.step;
        this.el.perspective.value = link.seat;
        this.load(link.seat);
      } else if (link.step !== null && link.step !== this.step) {
        this.pause();
        this.show(link.step);
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
      const context = tableContext({
        step, frame, view, frames: this.frames, perspective: this.perspective,
        seatName: (seat) => this.seatName(seat), actionLabels: this.actionLabels, components: this.components,
        board: this.board,
      });
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
      this.root.dataset.perspective = String(this.perspective);
      this.updateLink();
      if (step === this.timeline.last) this.pause();
    }

    describeAction(frame, context) {
      const where = `Step ${context.step} of ${this.timeline.last}`;
      if (frame.seat === null) return `${where}: the game is set up.`;
      // SECRET: a choice this perspective did not see (a card committed face down); the events say what it revealed
      const words = frame.action === "SECRET" ? "decides in secret"
        : this.renderer.describeAction ? this.renderer.describeAction(frame, context) : humanize(frame.action);
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
        if (this.fetchFrames) this.load(this.el.perspective.value);
      });
      window.addEventListener("hashchange", () => this.followLink());
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

  /* The frames the match page's head asked for as it was read (match_detail.html), taken once,
     by the first load of their perspective; null otherwise, or when that request failed (it is
     then made again, so that its error is said as any other). */
  function takeFirstFrames(perspective) {
    const first = window.ReplayFirstFrames;
    window.ReplayFirstFrames = null;
    return first && first.perspective === String(perspective) ? first.frames : Promise.resolve(null);
  }

  function readJson(id, fallback) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : fallback;
  }

  window.ReplayPlayer = { applyPatch, humanize, element, Player, fetchJson, readJson };

  // The match page: its viewer names the URL of its frames.
  document.addEventListener("DOMContentLoaded", () => {
    const root = document.getElementById("replay-viewer");
    if (!root || !root.dataset.framesUrl) return;
    const url = root.dataset.framesUrl;
    new Player(root).open({
      game: root.dataset.game,
      seatNames: readJson("replay-seat-names", []),
      actionLabels: readJson("replay-action-labels", {}),
      components: readJson("replay-components", {}),
      board: readJson("replay-board-data", null),
      fetchFrames: (perspective) => takeFirstFrames(perspective).then(
        (frames) => frames || fetchJson(`${url}?perspective=${encodeURIComponent(perspective)}`)),
    });
  });
})();

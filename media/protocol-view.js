// The Protocol view's page script. Rows arrive from the extension as plain data; every value is put into
// the DOM with textContent, so nothing a server sent can become markup or script here.
(function () {
  const vscode = acquireVsCodeApi();
  const rows = document.getElementById('rows');
  const notes = document.getElementById('notes');
  const counts = document.getElementById('counts');
  const empty = document.getElementById('empty');
  const filter = document.getElementById('filter');
  const pause = document.getElementById('pause');
  let timer;

  filter.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => vscode.postMessage({ type: 'filter', text: filter.value }), 200);
  });
  pause.addEventListener('click', () => vscode.postMessage({ type: pause.dataset.state === 'paused' ? 'resume' : 'pause' }));
  document.getElementById('clear').addEventListener('click', () => vscode.postMessage({ type: 'clear' }));
  const exportButton = document.getElementById('export');
  if (exportButton) exportButton.addEventListener('click', () => vscode.postMessage({ type: 'export' }));

  const open = (seq) => vscode.postMessage({ type: 'open', seq });
  rows.addEventListener('click', (event) => {
    const row = event.target.closest('tr[data-seq]');
    if (row) open(Number(row.dataset.seq));
  });
  rows.addEventListener('keydown', (event) => {
    const row = event.target.closest('tr[data-seq]');
    if (row && (event.key === 'Enter' || event.key === ' ')) open(Number(row.dataset.seq));
  });

  function cell(text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }

  function render(state) {
    pause.hidden = !state.live;
    pause.dataset.state = state.paused ? 'paused' : 'recording';
    pause.textContent = state.paused ? pause.dataset.resume : pause.dataset.pause;
    counts.textContent = state.counts;
    notes.replaceChildren(...state.notes.map((text) => {
      const p = document.createElement('p');
      p.textContent = text;
      return p;
    }));
    const atBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
    rows.replaceChildren(...state.rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.seq = String(r.seq);
      tr.tabIndex = 0;
      tr.className = `status-${r.status.replace(/\s+/g, '-')} kind-${r.kind}${r.depth ? ' round' : ''}`;
      tr.append(
        cell(r.time, 'time'),
        cell(r.arrow, 'arrow'),
        cell(r.label, 'method'),
        cell(r.subject, 'subject'),
        cell([r.errorClass || r.status, r.round].filter(Boolean).join(' · '), 'status'),
        cell(r.duration, 'num'),
        cell(r.size, 'num'),
        cell(r.http, 'http'),
        cell(r.summary, 'summary'),
      );
      return tr;
    }));
    empty.hidden = state.rows.length > 0;
    if (atBottom) window.scrollTo(0, document.body.scrollHeight);
  }

  window.addEventListener('message', (event) => {
    if (event.data && event.data.type === 'state') render(event.data);
  });
  vscode.postMessage({ type: 'ready' });
})();

// The operators' page: polls the API beside it every two seconds and renders what it answers.
'use strict';

// Resolved from the origin and path, never from the address as typed: an address with
// credentials in it (https://user:password@host/...) must not end up in fetch(), which refuses it.
const API = new URL('api/inbox-subscriptions', location.origin + location.pathname.replace(/[^/]*$/, ''));
const REFRESH_MS = 2000;
const discardAges = {};

function el(tag, attributes, ...children) {
  const e = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([k, v]) => {
    if (k === 'onclick') e.addEventListener('click', v); else e.setAttribute(k, v);
  });
  children.flat().forEach(c => e.append(c instanceof Node ? c : document.createTextNode(c ?? '')));
  return e;
}

async function call(path, body) {
  const url = new URL(path, API.href + '/');
  const response = await fetch(url, body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body)
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error((json && json.error) || (response.status + ' ' + response.statusText));
  }
  return json;
}

function lag(seconds) {
  if (seconds === undefined || seconds === null) return '—';
  if (seconds < 60) return seconds.toFixed(1) + ' s';
  if (seconds < 3600) return (seconds / 60).toFixed(1) + ' min';
  return (seconds / 3600).toFixed(1) + ' h';
}

function number(value) {
  return el('td', { class: 'number' }, value === undefined || value === null ? '—' : String(value));
}

function showProblem(message) {
  const p = document.getElementById('problem');
  p.textContent = message || '';
  p.hidden = !message;
}

async function act(what, path, body) {
  try {
    const answer = await call(path, body);
    showProblem(null);
    await refresh();
    return answer;
  } catch (e) {
    showProblem(what + ' failed: ' + e.message);
  }
}

function subscriptionRow(s) {
  const b = s.backlog || {};
  const paused = s.state === 'PAUSED';
  const toggle = el('button', {
    class: paused ? 'resume' : 'pause',
    onclick: () => act(paused ? 'Resume' : 'Pause', encodeURIComponent(s.name) + (paused ? '/resume' : '/pause'), {})
  }, paused ? 'Resume' : 'Pause');
  const state = el('td', {}, el('span', { class: 'state ' + s.state }, s.state));
  if (s.pausedBecause) state.append(el('div', { class: 'error paused-because' }, 'paused itself after ' + s.pausedBecause));
  if (s.lastError) state.append(el('div', { class: 'error', title: s.lastErrorAt || '' }, s.lastError));
  if (s.backlogError) state.append(el('div', { class: 'error' }, 'backlog: ' + s.backlogError));
  return el('tr', { 'data-subscription': s.name },
    el('td', { class: 'name' }, s.name), state, el('td', {}, s.form),
    number(s.workersBusy + ' / ' + s.workers), number(s.delivered), number(s.failed), number(s.retried),
    number(s.deadLettered), number(s.recentRate), number(b.claimable), el('td', { class: 'number' }, lag(b.lagSeconds)),
    number(b.deadLetters), el('td', {}, toggle));
}

function deadLetterSection(s, letters) {
  const name = encodeURIComponent(s.name);
  const age = el('input', { type: 'text', size: 8, value: discardAges[s.name] || 'P30D', 'aria-label': 'age' });
  age.addEventListener('input', () => { discardAges[s.name] = age.value; });
  const rows = letters.map(d => el('tr', { 'data-dead-letter': d.id },
    el('td', {}, d.id), number(d.attempts), el('td', { class: 'reason' }, d.reason ?? '—'),
    el('td', {}, d.deadAt ?? '—'), el('td', { class: 'payload' }, d.payload,
      d.truncated ? el('a', { href: new URL(name + '/dead-letters/' + encodeURIComponent(d.id), API.href + '/').href,
        target: '_blank' }, ' … (' + d.payloadBytes + ' bytes: whole)') : ''),
    el('td', {}, el('button', { class: 'requeue',
      onclick: () => act('Requeue', name + '/dead-letters/requeue', { ids: [d.id] }) }, 'Requeue'))));
  return el('section', { 'data-dead-letters-of': s.name },
    el('h2', {}, 'Dead letters of ' + s.name + ' (' + (s.backlog ? s.backlog.deadLetters : '?') + ')'),
    el('div', { class: 'controls' },
      el('button', { class: 'requeue-all', onclick: () => act('Requeue all', name + '/dead-letters/requeue-all', {}) },
        'Requeue all'),
      el('span', {}, 'older than'), age,
      el('button', { class: 'discard',
        onclick: () => confirm('Delete the dead letters of ' + s.name + ' older than ' + age.value + '?')
          && act('Discard', name + '/dead-letters/discard', { olderThan: age.value }) }, 'Discard')),
    el('table', {},
      el('thead', {}, el('tr', {}, ['Id', 'Attempts', 'Reason', 'Dead at', 'Payload', ''].map(h => el('th', {}, h)))),
      el('tbody', {}, rows.length ? rows : el('tr', {}, el('td', { colspan: 6 }, 'none')))));
}

let refreshing = false;
let readProblem = false;
async function refresh() {
  if (refreshing) return;
  refreshing = true;
  try {
    const subscriptions = await call('');
    const focused = document.activeElement;
    const keepAge = focused && focused.tagName === 'INPUT';
    document.querySelector('#subscriptions tbody').replaceChildren(...(subscriptions.length
      ? subscriptions.map(subscriptionRow)
      : [el('tr', {}, el('td', { colspan: 13 }, 'No active subscription in this server.'))]));
    if (!keepAge) {
      const sections = [];
      for (const s of subscriptions.filter(s => s.backlog && s.backlog.deadLetters != null)) {
        sections.push(deadLetterSection(s, await call(encodeURIComponent(s.name) + '/dead-letters?max=100')));
      }
      document.getElementById('dead-letters').replaceChildren(...sections);
    }
    if (readProblem) showProblem(null);
    readProblem = false;
    document.getElementById('refreshed').textContent = 'updated ' + new Date().toLocaleTimeString();
    document.body.dataset.loaded = 'true';
  } catch (e) {
    readProblem = true;
    showProblem('The subscriptions could not be read: ' + e.message);
  } finally {
    refreshing = false;
  }
}

refresh();
setInterval(refresh, REFRESH_MS);

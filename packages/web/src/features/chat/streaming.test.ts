import { describe, expect, it } from 'vitest';
import { applyStreamEvent, EMPTY_STREAM, type StreamState } from './streaming';

function run(frames: unknown[], start: StreamState = EMPTY_STREAM) {
  let state = start;
  const shown: (string | null)[] = [];
  for (const frame of frames) {
    const step = applyStreamEvent(state, frame);
    state = step.state;
    shown.push(step.content);
  }
  return { state, shown };
}

describe('stream assembly', () => {
  it('created clears the pieces, bits append and show the joined text', () => {
    const { state, shown } = run([
      { event: 'message:bits', data: 'stale' },
      { event: 'message:created', data: '' },
      { event: 'message:bits', data: 'Do ' },
      { event: 'message:bits', data: '8 kg' },
      { event: 'message:bits', data: '.' },
    ]);
    expect(shown).toEqual(['stale', null, 'Do ', 'Do 8 kg', 'Do 8 kg.']);
    expect(state.text).toBe('Do 8 kg.');
  });

  it('ignores unknown events and malformed frames', () => {
    const start: StreamState = { text: 'a', messageId: null, lastSeq: -1 };
    for (const frame of [
      { event: 'message:typing', data: 'x' },
      { event: 'error', data: 'bad frame' },
      { event: 'message:error', data: 'engine failed' },
      { nope: true },
      'text',
      null,
      { event: 'message:bits', data: 42 },
    ]) {
      const step = applyStreamEvent(start, frame);
      expect(step.state).toBe(start);
      expect(step.content).toBeNull();
    }
  });

  it('drops pieces repeated after a resume, by seq', () => {
    const { state, shown } = run([
      { event: 'message:created', data: '', message_id: 'm1', seq: 0 },
      { event: 'message:bits', data: 'A', message_id: 'm1', seq: 1 },
      { event: 'message:bits', data: 'B', message_id: 'm1', seq: 2 },
      { event: 'message:bits', data: 'B', message_id: 'm1', seq: 2 },
      { event: 'message:bits', data: 'A', message_id: 'm1', seq: 1 },
      { event: 'message:bits', data: 'C', message_id: 'm1', seq: 3 },
    ]);
    expect(shown).toEqual([null, 'A', 'AB', null, null, 'ABC']);
    expect(state).toEqual({ text: 'ABC', messageId: 'm1', lastSeq: 3 });
  });

  it('starts over when pieces of another message arrive', () => {
    const { state, shown } = run([
      { event: 'message:created', data: '', message_id: 'm1', seq: 0 },
      { event: 'message:bits', data: 'old', message_id: 'm1', seq: 1 },
      { event: 'message:bits', data: 'new', message_id: 'm2', seq: 1 },
    ]);
    expect(shown.at(-1)).toBe('new');
    expect(state.messageId).toBe('m2');
  });

  it('message:done gives the final text of its own message only', () => {
    const s1 = applyStreamEvent(EMPTY_STREAM, {
      event: 'message:created',
      data: '',
      message_id: 'm1',
    });
    const other = applyStreamEvent(s1.state, {
      event: 'message:done',
      data: { content: 'x', sources: [] },
      message_id: 'm9',
    });
    expect(other.done).toBe(false);
    const done = applyStreamEvent(s1.state, {
      event: 'message:done',
      data: { content: 'Final', sources: [] },
      message_id: 'm1',
    });
    expect(done).toMatchObject({ content: 'Final', done: true });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaver, type TAutosaveStatus } from './autosaver';

type TAnswer = { isSaved: boolean; isDirty: boolean };

function setUp(save: (value: string) => Promise<TAnswer>) {
  const statuses: TAutosaveStatus[] = [];
  const answers: TAnswer[] = [];
  const saver = createAutosaver<string, TAnswer>({
    save,
    onAnswer: (answer) => answers.push(answer),
    onStatus: (status) => statuses.push(status),
    delayMs: 800,
  });
  return { saver, statuses, answers };
}

describe('createAutosaver (issue #20 item 1: answers autosave, nothing lost)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only the last value once typing pauses, then says saved', async () => {
    const save = vi.fn(() => Promise.resolve({ isSaved: true, isDirty: false }));
    const { saver, statuses } = setUp(save);
    saver.change('a');
    saver.change('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
    expect(statuses.at(-1)).toBe('saved');
  });

  it('says unsaved when the server keeps the answer dirty (spec 5: under 50 characters)', async () => {
    const { saver, statuses } = setUp(() => Promise.resolve({ isSaved: false, isDirty: true }));
    saver.change('short');
    await saver.flush();
    expect(statuses.at(-1)).toBe('unsaved');
  });

  it('never overlaps saves: a value typed during a save is sent after it', async () => {
    const resolvers: Array<() => void> = [];
    const save = vi.fn(
      () =>
        new Promise<TAnswer>((resolve) => {
          resolvers.push(() => resolve({ isSaved: true, isDirty: false }));
        }),
    );
    const { saver } = setUp(save);
    saver.change('first');
    await vi.advanceTimersByTimeAsync(800);
    saver.change('second');
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    resolvers[0]?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('second');
    resolvers[1]?.();
    await vi.advanceTimersByTimeAsync(0);
  });

  it('keeps a failed value and sends it again on retry', async () => {
    const save = vi
      .fn<(value: string) => Promise<TAnswer>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ isSaved: true, isDirty: false });
    const { saver, statuses } = setUp(save);
    saver.change('kept');
    expect(await saver.flush()).toBe(false);
    expect(statuses.at(-1)).toBe('error');
    expect(await saver.flush()).toBe(true);
    expect(save).toHaveBeenLastCalledWith('kept');
    expect(statuses.at(-1)).toBe('saved');
  });

  it('still sends a waiting value when the step is left before the pause ends', async () => {
    const save = vi.fn(() => Promise.resolve({ isSaved: true, isDirty: false }));
    const { saver, answers } = setUp(save);
    saver.change('typed just before Next');
    saver.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith('typed just before Next');
    expect(answers).toHaveLength(1);
  });
});

// A run's group may be removed (its run ended) while a timer is about to kill it: killing a group that is gone is a
// no-op, never an exception that would stop the process holding every run.
import { describe, expect, it } from 'vitest';
import { RunGroup } from '../src/cgroups';

describe('RunGroup of a removed group', () => {
  it('has no process and kills nothing, without throwing', () => {
    const gone = '/sys/fs/cgroup/pids/exam-runner-gone-0/forkserver-0/zygote-0';
    for (const version of [1, 2] as const) {
      const group = new RunGroup(version, new Map([['pids', gone], ['memory', gone]]));
      expect(group.pids()).toEqual([]);
      expect(() => group.killAll()).not.toThrow();
    }
  });
});

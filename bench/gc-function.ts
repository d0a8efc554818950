/** gcFunction: V8's gc() for benches that collect garbage between runs, when the flag can be set at run time. */
import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's gc(), or undefined when it cannot be exposed. */
export function gcFunction(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

// Child process of the "descriptors inherited by the API" fault test (run through tsx): it holds descriptors 3 to 5
// without close-on-exec, as a process started by a shell or a process manager may, and reports what programs see.
import { createEmbeddedRunner } from '../src';

const code = 'import os\nfor f in os.listdir("/proc/self/fd"):\n    try:\n        print(f, os.readlink("/proc/self/fd/" + f))\n    except OSError:\n        pass';
const rCode = 'for (f in list.files("/proc/self/fd")) cat(f, Sys.readlink(file.path("/proc/self/fd", f)), "\\n")';
const seen: Record<string, string> = {};
for (const forkServer of [true, false]) {
  const runner = await createEmbeddedRunner({ slots: 2, warmMath: false, forkServer, log: () => {} });
  await runner.forkServer?.start();
  seen[forkServer ? 'fork server' : 'sandbox of its own'] = (await runner.run({ language: 'PYTHON', code })).stdout;
  if (!forkServer) seen.R = (await runner.run({ language: 'R', code: rCode })).stdout;
  await runner.close();
}
process.stdout.write(JSON.stringify(seen));

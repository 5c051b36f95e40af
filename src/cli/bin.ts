// The `chunklab` bin (build/cli/chunklab.mjs). `chunk` starts from V8's code cache when the build has
// one to offer (src/cli/code-cache.ts); everything else, and `chunk --help`, loads the ES modules
// of src/cli/main.ts as before. Both run the same sources and print the same bytes.
import { runFromCodeCache } from './code-cache.ts';

const argv = process.argv.slice(2);
const help = argv.includes('--help') || argv.includes('-h');
if (!(argv[0] === 'chunk' && !help && runFromCodeCache('chunk'))) await import('./main.ts');

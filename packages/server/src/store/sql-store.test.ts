import { testDatabases } from './test/databases.js';
import { describeStoreSuite } from './test/store-suite.js';

for (const kind of testDatabases()) describeStoreSuite(kind.name, () => kind.open());

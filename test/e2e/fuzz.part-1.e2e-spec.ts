import { fuzzOperations } from '#test/utils/fuzz/suite.js';

await fuzzOperations();

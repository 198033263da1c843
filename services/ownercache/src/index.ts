// @keel/ownercache: which position NFTs a wallet owns, indexed from the chain.

export { createApp } from './app.ts';
export { type OwnercacheConfig, readConfig } from './config.ts';
export { type ContractEntry, parseContractsFile } from './contracts-file.ts';
export { createOwnercache, type Environment, type Ownercache, systemEnvironment } from './ownercache.ts';

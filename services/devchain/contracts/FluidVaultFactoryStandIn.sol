// SPDX-License-Identifier: MIT
// Stands in for Fluid's VaultFactory in tests: the ERC-721 whose tokens are vault positions, sequential ids from 1.
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/// @notice Like the real factory (contracts/protocols/vault/factory/ERC721/ERC721.sol at Instadapp/fluid-contracts-public
///         a9949b48) it answers ownerOf, balanceOf, tokenOfOwnerByIndex, totalSupply and tokenByIndex, and ids run
///         from 1 to totalSupply. Unlike it, anyone may mint: this contract only ever lives on a local test chain.
contract FluidVaultFactoryStandIn is ERC721Enumerable {
    uint256 private _lastId;

    constructor() ERC721("Fluid Vault Factory Stand-in", "fVLT-SI") {}

    /// Mints the next id to `to` and returns it.
    function mint(address to) external returns (uint256 id) {
        id = ++_lastId;
        _mint(to, id);
    }
}

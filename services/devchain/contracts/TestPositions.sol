// SPDX-License-Identifier: MIT
// A plain ERC-721 standing in for lending-position NFTs in tests and the dev stack: open minting, sequential ids.
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Burnable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Burnable.sol";

contract TestPositions is ERC721Burnable {
    constructor() ERC721("Test Positions", "TPOS") {}

    /// Anyone may mint: this contract only ever lives on a local test chain.
    function mint(address to, uint256 id) external {
        _mint(to, id);
    }

    /// Mints `count` tokens with ids `firstId`, `firstId + 1`, ... to `to`, one `Transfer` log each (no ERC-2309).
    function mintRange(address to, uint256 firstId, uint256 count) external {
        for (uint256 i = 0; i < count; ++i) {
            _mint(to, firstId + i);
        }
    }
}

// SPDX-License-Identifier: MIT
// The reference lending protocol's position NFT: sequential ids from 1, minted and burned only by RefLending.
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/// @notice One token per open position; whoever holds the token owns the position.
/// @dev Enumerable so a reader without an indexer can list a wallet's positions with
///      `balanceOf` + `tokenOfOwnerByIndex`, as it can on Fluid's VaultFactory.
contract RefPositions is ERC721Enumerable {
    /// The only address allowed to mint and burn: the RefLending contract these positions belong to.
    address public immutable lending;

    /// The id the next mint gets. Ids are never reused, so a burned id stays gone.
    uint256 public nextId = 1;

    error OnlyLending(address caller);

    /// @param lending_ RefLending's address, known before it is deployed (the deployer's next CREATE address).
    constructor(address lending_) ERC721("Reference Lending Positions", "RPOS") {
        lending = lending_;
    }

    modifier onlyLending() {
        if (msg.sender != lending) revert OnlyLending(msg.sender);
        _;
    }

    /// Mints the next id to `to` and returns it.
    function mint(address to) external onlyLending returns (uint256 id) {
        id = nextId++;
        _mint(to, id);
    }

    /// Burns `id` whoever holds it: RefLending has already checked the caller may close or liquidate it.
    function burn(uint256 id) external onlyLending {
        _burn(id);
    }
}

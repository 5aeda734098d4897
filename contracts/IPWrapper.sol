// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/**
 * An ERC-721 token per approved IP of the platform. Only the platform's signer (the owner)
 * mints; each token's URI names the IP's metadata JSON by its IPFS CID (ipfs://<CIDv1>).
 * Token ids are derived from the IP key by the platform, so a token can never be minted twice.
 */
contract IPWrapper is ERC721URIStorage, Ownable {
    constructor(address initialOwner) ERC721("IP Wrapper", "IPW") Ownable(initialOwner) {}

    /// Mints `tokenId` to `to` with its metadata URI; reverts when the token already exists.
    function mint(address to, uint256 tokenId, string calldata uri) external onlyOwner {
        _safeMint(to, tokenId);
        _setTokenURI(tokenId, uri);
    }
}

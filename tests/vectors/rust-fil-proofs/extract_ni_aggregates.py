#!/usr/bin/env python3
"""Picks the NI-PoRep records out of rust-fil-proofs' seal regression records and writes them as
ni_aggregates.json, the published SnarkPack aggregates that tests/snarkpack checks.

Source: filecoin-project/rust-fil-proofs, filecoin-proofs/tests/seal_regression_records-v18.json
(one JSON record per line; each NonInteractivePoRep record's "proof" is the AggregateProof that
seal_commit_phase2 returned, made with Filecoin's ceremony parameters and aggregation SRS).

    python3 extract_ni_aggregates.py PATH/TO/seal_regression_records-v18.json > ni_aggregates.json

Kept per record: the sector size, the partition count, comm_r (hex) and the proof (hex). The
first two records of each NI sector size are taken, in file order. Deterministic: the same input
gives the same bytes.
"""
import json
import sys

PER_SIZE = 2


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    picked, seen = [], {}
    with open(sys.argv[1]) as records:
        for line in records:
            line = line.strip()
            if not line:
                continue
            record = json.loads(line)
            config = record["porep_config"]
            if "NonInteractivePoRep" not in config["api_features"]:
                continue
            size = config["sector_size"]
            if seen.get(size, 0) >= PER_SIZE:
                continue
            seen[size] = seen.get(size, 0) + 1
            picked.append({
                "sector_size": size,
                "partitions": config["partitions"],
                "comm_r": bytes(record["comm_r"]).hex(),
                "proof": bytes(record["proof"]).hex(),
            })
    json.dump({"source": "rust-fil-proofs filecoin-proofs/tests/seal_regression_records-v18.json",
               "records": picked}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

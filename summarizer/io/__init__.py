"""Reading inputs and writing outputs: readers, the record writer and its output rules, the id
store, shards."""

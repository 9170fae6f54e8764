"""What the tests share: reference engines, oracles' bridges, checkers of printed pages."""

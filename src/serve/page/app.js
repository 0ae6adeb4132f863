// The page's script (filled in next).

-- Issue 54: keyword search ignores case, French accents and Arabic spelling variants. New and
-- changed courses store `search_text` folded by the API (lib/search-fold.ts); this folds the
-- courses already stored the same way (courses.search-fold.test.ts compares the two): lower
-- case, decomposed, combining marks (Latin accents, Arabic harakat, shadda, hamza and madda
-- above or below) and the tatweel removed, alef wasla to alef, ى to ي, ة to ه, recomposed.
-- The trigram index on search_text (courses_search_trgm) indexes the folded text.
UPDATE "courses" SET "search_text" = normalize(
  translate(
    regexp_replace(normalize(lower("search_text"), NFD), '[\u0300-\u036f\u064b-\u065f\u0670\u0640]', '', 'g'),
    'ٱىة',
    'ايه'
  ),
  NFC
);

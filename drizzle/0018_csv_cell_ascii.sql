-- csv_cell (0013) with the same output, about a fifth faster over an archive's CSV (bench/RESULTS.md "Audit-trail
-- archive"): the first character tested by its code with ascii() (= + - @ tab CR) instead of left() and six text
-- comparisons. tests/integration/csv-cell.test.ts holds it to lib/csv.ts csvCell.
CREATE OR REPLACE FUNCTION csv_cell(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN strpos(v, '"') > 0 OR strpos(v, ',') > 0 OR strpos(v, chr(10)) > 0 OR strpos(v, chr(13)) > 0 THEN
      '"' || (CASE WHEN ascii(v) IN (61, 43, 45, 64, 9, 13)
                    AND v !~* '^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$' THEN '''' ELSE '' END)
          || replace(v, '"', '""') || '"'
    WHEN ascii(v) IN (61, 43, 45, 64, 9, 13) AND v !~* '^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$' THEN
      '''' || v
    ELSE v
  END
$$;

-- One CSV cell as lib/csv.ts csvCell writes a string (RFC 4180 quoting, the formula guard against CSV injection),
-- for the archives that PostgreSQL formats row by row (workers/scheduler/functions/archiver.ts). One expression,
-- so that the planner inlines it, with plain string tests first: it runs for every text cell of a million rows.
-- tests/integration/csv-cell.test.ts holds both to the same output.
CREATE OR REPLACE FUNCTION csv_cell(v text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN strpos(v, '"') > 0 OR strpos(v, ',') > 0 OR strpos(v, chr(10)) > 0 OR strpos(v, chr(13)) > 0 THEN
      '"' || (CASE WHEN left(v, 1) IN ('=', '+', '-', '@', chr(9), chr(13))
                    AND v !~* '^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$' THEN '''' ELSE '' END)
          || replace(v, '"', '""') || '"'
    WHEN left(v, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) AND v !~* '^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$' THEN
      '''' || v
    ELSE v
  END
$$;

-- The learn portal ships switched on (DESIGN.md "Feature flags"); installations made before it existed stored it off.
UPDATE "settings" SET "value" = "value" || '{"LearnPortal": true}'::jsonb WHERE "key" = 'featureFlags';

-- Searches fold accents (libs/db foldedSql): the generated columns are made again, and with
-- them their trigram indexes (dropped with the old columns).
ALTER TABLE "hires"."equipment" drop column "search_name";--> statement-breakpoint
ALTER TABLE "hires"."equipment" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower(name), 'àáâãäåāăąǎçćĉċčďèéêëēĕėęěĝğġģĥìíîïĩīĭįǐĵķĺļľñńņňòóôõöōŏőǒùúûüũūŭůűųǔŵýÿŷźżžşţșțśŝšŕŗřÀÁÂÃÄÅĀĂĄǍÇĆĈĊČĎÈÉÊËĒĔĖĘĚĜĞĠĢĤÌÍÎÏĨĪĬĮǏĴĶĹĻĽÑŃŅŇÒÓÔÕÖŌŎŐǑÙÚÛÜŨŪŬŮŰŲǓŴÝŸŶŹŻŽŞŢȘȚŚŜŠŔŖŘøØđĐłŁħĦıŧŦ', 'aaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrraaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrrooddllhhitt')) STORED;--> statement-breakpoint
ALTER TABLE "hires"."suppliers" drop column "search_name";--> statement-breakpoint
ALTER TABLE "hires"."suppliers" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower(name), 'àáâãäåāăąǎçćĉċčďèéêëēĕėęěĝğġģĥìíîïĩīĭįǐĵķĺļľñńņňòóôõöōŏőǒùúûüũūŭůűųǔŵýÿŷźżžşţșțśŝšŕŗřÀÁÂÃÄÅĀĂĄǍÇĆĈĊČĎÈÉÊËĒĔĖĘĚĜĞĠĢĤÌÍÎÏĨĪĬĮǏĴĶĹĻĽÑŃŅŇÒÓÔÕÖŌŎŐǑÙÚÛÜŨŪŬŮŰŲǓŴÝŸŶŹŻŽŞŢȘȚŚŜŠŔŖŘøØđĐłŁħĦıŧŦ', 'aaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrraaaaaaaaaacccccdeeeeeeeeegggghiiiiiiiiijklllnnnnooooooooouuuuuuuuuuuwyyyzzzststsssrrrooddllhhitt')) STORED;--> statement-breakpoint
CREATE INDEX "equipment_search_name_trgm_idx" ON "hires"."equipment" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_search_name_trgm_idx" ON "hires"."suppliers" USING gin ("search_name" gin_trgm_ops);

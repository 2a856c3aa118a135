# make handouts (included by the top-level Makefile).

# Every lab's handout and the course's front page (handouts/index.md), one standalone
# HTML file each that works offline: figures, stills and styles embedded, math as
# MathML. Each page gets a navigation bar (handouts/nav.sh) and its C and CUDA listings
# highlighted (the ```cuda and ```console syntaxes are in handouts/syntax/), and each
# "Step N.x" heading the anchor #step-N.x (handouts/step-anchors.lua), where the grade's
# page links a hint's step.
HANDOUTS := $(wildcard handouts/[0-9][0-9]-*.md)
handouts: $(HANDOUTS:handouts/%.md=$(BUILD)/handouts/%.html) $(BUILD)/handouts/index.html

# pandoc 2.19 renamed --self-contained to --embed-resources (with --standalone)
PANDOC_EMBED = $(shell pandoc --help 2>/dev/null | grep -q -e --embed-resources && \
	echo --embed-resources || echo --self-contained)
PANDOC_SYNTAX := $(wildcard handouts/syntax/*.xml)
HANDOUT_TOC := --toc --toc-depth=2
$(BUILD)/handouts/index.html: HANDOUT_TOC :=

# a page's navigation bar, rewritten only when it changes (a lab added or retitled)
.PRECIOUS: $(BUILD)/obj/handouts/%.nav.html
$(BUILD)/obj/handouts/%.nav.html: FORCE
	@mkdir -p $(@D)
	@handouts/nav.sh $* >$@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }

$(BUILD)/handouts/%.html: handouts/%.md $(BUILD)/obj/handouts/%.nav.html handouts/style.css handouts/plot.sh \
		handouts/nav.sh handouts/step-anchors.lua $(PANDOC_SYNTAX) $(wildcard handouts/plots/*) $(wildcard handouts/data/*/*)
	$(call say,PANDOC,$<)
	@mkdir -p $(@D)/figures
	$(Q)handouts/plot.sh $* handouts/data/$* $(@D)/figures
	$(Q)pandoc --standalone $(PANDOC_EMBED) --mathml --css handouts/style.css \
		--resource-path=$(@D):handouts $(HANDOUT_TOC) --highlight-style=pygments \
		$(addprefix --syntax-definition=,$(PANDOC_SYNTAX)) \
		--include-before-body=$(BUILD)/obj/handouts/$*.nav.html \
		--include-after-body=$(BUILD)/obj/handouts/$*.nav.html --lua-filter=handouts/step-anchors.lua \
		--metadata=lang:en -f markdown -t html5 $< -o $@

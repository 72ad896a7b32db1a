package dev.lockstep;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture's rules, checked on the compiled main classes (so a fully qualified name in the
 * code counts as much as an import): the layers, no UI toolkit below the GUI, and no cycle between
 * packages or between classes (a class and its nested classes are one unit, as they are one file).
 * ARCHITECTURE.md draws the layers.
 */
class ArchitectureTest {
    static final String ROOT = "dev.lockstep";
    static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(ROOT);
    }

    /** Every package sits in a layer; a new package must be placed here (and in ARCHITECTURE.md). */
    static ArchRule layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("json").definedBy("dev.lockstep.json..")
                .layer("io").definedBy("dev.lockstep.io..")
                .layer("core").definedBy("dev.lockstep.core..")
                .layer("protocol").definedBy("dev.lockstep.protocol..")
                .layer("application").definedBy("dev.lockstep.application..")
                .layer("explore").definedBy("dev.lockstep.explore..")
                .layer("scenario").definedBy("dev.lockstep.scenario..")
                .layer("session").definedBy("dev.lockstep.session..")
                .layer("debug").definedBy("dev.lockstep.debug..")
                .layer("figure").definedBy("dev.lockstep.figure..")
                .layer("watch").definedBy("dev.lockstep.watch..")
                .layer("workspace").definedBy("dev.lockstep.workspace..")
                .layer("dgs").definedBy("dev.lockstep.dgs..")
                .layer("app").definedBy("dev.lockstep.app..")
                .layer("experiment").definedBy("dev.lockstep.experiment..")
                .layer("plot").definedBy("dev.lockstep.plot..")
                .layer("cli").definedBy("dev.lockstep.cli..")
                .layer("launcher").definedBy("dev.lockstep")
                .whereLayer("json").mayNotAccessAnyLayer()
                .whereLayer("io").mayNotAccessAnyLayer()
                .whereLayer("core").mayNotAccessAnyLayer()
                .whereLayer("protocol").mayOnlyAccessLayers("core")
                .whereLayer("application").mayOnlyAccessLayers("core")
                .whereLayer("explore").mayOnlyAccessLayers("core", "protocol", "json")
                .whereLayer("scenario").mayOnlyAccessLayers("core", "protocol", "application", "json", "io")
                .whereLayer("session").mayOnlyAccessLayers("core", "protocol", "scenario", "json", "io")
                .whereLayer("debug").mayOnlyAccessLayers("core", "protocol", "scenario", "session", "json", "io")
                .whereLayer("figure").mayOnlyAccessLayers("core", "protocol", "application", "scenario", "session", "json", "io")
                .whereLayer("watch").mayOnlyAccessLayers("core", "protocol", "session")
                .whereLayer("workspace").mayOnlyAccessLayers("core", "protocol", "scenario", "session", "dgs", "json", "io")
                .whereLayer("dgs").mayOnlyAccessLayers("core", "protocol", "scenario", "json", "io")
                .whereLayer("app").mayOnlyAccessLayers("core", "protocol", "application", "explore", "scenario", "session", "debug", "figure", "watch", "workspace", "dgs", "experiment", "json", "io")
                .whereLayer("experiment").mayOnlyAccessLayers("core", "protocol", "scenario", "json", "io")
                .whereLayer("plot").mayOnlyAccessLayers("experiment", "json", "io")
                .whereLayer("cli").mayOnlyAccessLayers("core", "protocol", "application", "explore", "scenario", "session", "debug", "figure", "watch", "workspace", "dgs", "app", "experiment", "plot", "json", "io")
                .whereLayer("launcher").mayOnlyAccessLayers("cli");
    }

    @Test
    void theLayersAreRespected() {
        layers().check(main);
    }

    @Test
    void onlyTheGuiUsesAGuiToolkit() {
        noClasses().that().resideOutsideOfPackages("dev.lockstep.app..", "dev.lockstep.plot..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "javafx..", "org.graphstream.ui..", "org.controlsfx..", "java.awt..", "javax.swing..")
                .because("the simulation core and everything headless must run without a display")
                .check(main);
    }

    /** Charts draw through AWT's Graphics2D (JFreeChart; SVG through Apache Batik's SVGGraphics2D), headless, but never a window's toolkit. */
    @Test
    void plotsUseAwtHeadlessOnly() {
        noClasses().that().resideInAPackage("dev.lockstep.plot..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "javax.swing..", "org.graphstream..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.awt.Toolkit")
                .check(main);
        noClasses().that().resideOutsideOfPackages("dev.lockstep.plot..")
                .should().dependOnClassesThat().resideInAnyPackage("org.jfree..")
                .because("JFreeChart is the plot command's library, nothing else's")
                .check(main);
        noClasses().that().resideOutsideOfPackages("dev.lockstep.plot..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.batik..")
                .because("Batik's SVG generator serves the plot command only")
                .check(main);
    }

    @Test
    void graphStreamOnlyInTheGuiAndTheDgsInterop() {
        noClasses().that().resideOutsideOfPackages("dev.lockstep.app..", "dev.lockstep.dgs..")
                .should().dependOnClassesThat().resideInAnyPackage("org.graphstream..")
                .because("the simulation knows no graph library; DGS files are read and written at the edge")
                .check(main);
    }

    @Test
    void noCycleBetweenPackages() {
        slices().matching("dev.lockstep.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void noCycleBetweenClasses() {
        slices().assignedFrom(BY_FILE).should().beFreeOfCycles().check(main);
    }

    /** A top-level class with its nested, local and anonymous classes: one source file. */
    static final SliceAssignment BY_FILE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String name = c.getName();
            if (!name.startsWith(ROOT + ".")) return SliceIdentifier.ignore();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "source files";
        }
    };
}
